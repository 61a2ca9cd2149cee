// Atomic id counters in the single table: one item per sequence, advanced with UpdateItem ADD.
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, counterKey } from '#lib/db/keys.ts';

/** The next `count` values of the named sequence (1, 2, 3, ...); concurrent callers never share one. */
export async function allocate(db: DynamoDBDocumentClient, tableName: string, sequence: string, count = 1): Promise<number[]> {
  const out = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: counterKey(sequence),
      UpdateExpression: 'ADD #v :n SET entity = :e',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count, ':e': ENTITY.counter },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(out.Attributes?.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}
