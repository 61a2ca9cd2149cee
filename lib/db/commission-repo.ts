// The only module that speaks DynamoDB for partners' commission rates: the rate in force (read by every sale) and each
// change of it, recorded with its time in the same transaction.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { commissionChangeKey, commissionKey, ENTITY } from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';
import { transactWrite } from '#lib/db/transaction.ts';

/** A partner's own rate: basis points, set at `setAt` by an operator. */
export interface CommissionRate {
  bps: number;
  setAt: string;
}

export const commissionRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /** The partner's own rate, read strongly consistent (a sale after a change takes the new rate); null when none was set. */
  async get(partnerId: number): Promise<CommissionRate | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: commissionKey(partnerId), ConsistentRead: true }));
    return out.Item ? { bps: out.Item.bps as number, setAt: out.Item.setAt as string } : null;
  },

  /** Sets the partner's rate and records the change (with the rate it replaced, null for the stage's default), at once. */
  async set(partnerId: number, rate: CommissionRate, previousBps: number | null): Promise<void> {
    await transactWrite(
      db,
      [
        { Put: { TableName: tableName, Item: { ...commissionKey(partnerId), entity: ENTITY.commission, partnerId, ...rate } } },
        {
          Put: {
            TableName: tableName,
            Item: { ...commissionChangeKey(partnerId, rate.setAt), entity: ENTITY.commissionChange, partnerId, ...rate, previousBps },
          },
        },
      ],
      { written: () => undefined, refused: () => undefined },
      { conflictRetries: 3 },
    );
  },

  /** Every recorded change of the partner's rate, oldest first. */
  async changes(partnerId: number): Promise<(CommissionRate & { previousBps: number | null })[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :change)',
      ExpressionAttributeValues: { ':pk': commissionKey(partnerId).pk, ':change': 'CHANGE#' },
    });
    return items.map((item) => ({
      bps: item.bps as number,
      setAt: item.setAt as string,
      previousBps: (item.previousBps as number | null) ?? null,
    }));
  },
});
