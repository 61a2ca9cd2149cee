// The only module that speaks DynamoDB for on-chain metadata announcements: one item per minted plaque whose token
// metadata changed and is not announced yet (marked by the event maker, cleared by the follower once the chain holds
// its MetadataUpdate). A change marked again while an announcement is under way moves the mark, so clearing the
// announced mark (conditional on the time it was read with) leaves that later change for the next run. A cleared mark
// leaves the pending index and keeps the transaction that announced it for a day (TTL), for the operator's command.
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

  /** Clears the mark read as `pending` as announced in `txHash`, unless a later change moved it meanwhile; true when cleared. */
  clear(pending: PendingAnnouncement, txHash: string, now: Date): Promise<boolean> {
    return conditionalWrite(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: metadataAnnouncementKey(pending.plaqueId),
        UpdateExpression: 'SET announcedIn = :hash, #ttl = :ttl REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'markedAt = :at AND attribute_exists(gsi1pk)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':at': pending.markedAt, ':hash': txHash, ':ttl': Math.floor(now.getTime() / 1000) + 86_400 },
      }),
      { written: () => true, refused: () => false },
    );
  },

  /** The plaque's mark as it stands: its change, and the transaction that announced it (null while it waits). */
  async get(plaqueId: number): Promise<(PendingAnnouncement & { announcedIn: string | null }) | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: metadataAnnouncementKey(plaqueId), ConsistentRead: true }));
    if (!out.Item) return null;
    const item = out.Item;
    return {
      plaqueId: item.plaqueId as number,
      tokenId: item.tokenId as string,
      markedAt: item.markedAt as string,
      announcedIn: (item.announcedIn as string | undefined) ?? null,
    };
  },
});
