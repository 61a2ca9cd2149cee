// The only module that speaks DynamoDB for on-chain metadata announcements: one item per minted plaque whose token
// metadata changed and is not announced yet (marked by the event maker, cleared by the announcer once the chain holds
// its MetadataUpdate). A change marked again while an announcement is under way moves the mark, so clearing the
// announced mark (conditional on the time it was read with) leaves that later change for the next run.
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { METADATA_ANNOUNCEMENTS_PARTITION, ENTITY, metadataAnnouncementIndexKey, metadataAnnouncementKey } from '#lib/db/keys.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { pageNewestFirst } from '#lib/db/index-page.ts';

/** A plaque waiting for its announcement, and the change it waits for (the rewrite's time and stream place). */
export interface PendingAnnouncement {
  plaqueId: number;
  tokenId: string;
  markedAt: string;
}

export const metadataAnnouncementRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** Marks the plaque's token for announcement (again): one mark per plaque, the latest change's. */
  async mark(pending: PendingAnnouncement): Promise<void> {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...metadataAnnouncementKey(pending.plaqueId),
          ...metadataAnnouncementIndexKey(pending.markedAt, pending.plaqueId),
          entity: ENTITY.metadataAnnouncement,
          ...pending,
        },
      }),
    );
  },

  /** Up to `limit` marks, the latest changes first (a backlog larger than one run's share is taken over several runs). */
  async pending(limit: number): Promise<PendingAnnouncement[]> {
    const page = await pageNewestFirst(db, { tableName, partition: METADATA_ANNOUNCEMENTS_PARTITION, limit, after: undefined });
    return page.items.map((item) => ({
      plaqueId: item.plaqueId as number,
      tokenId: item.tokenId as string,
      markedAt: item.markedAt as string,
    }));
  },

  /** Clears the mark read as `pending`, unless a later change moved it meanwhile; true when cleared. */
  clear(pending: PendingAnnouncement): Promise<boolean> {
    return conditionalWrite(
      db,
      new DeleteCommand({
        TableName: tableName,
        Key: metadataAnnouncementKey(pending.plaqueId),
        ConditionExpression: 'markedAt = :at',
        ExpressionAttributeValues: { ':at': pending.markedAt },
      }),
      { written: () => true, refused: () => false },
    );
  },
});
