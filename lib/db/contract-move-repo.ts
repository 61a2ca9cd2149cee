// Moves the records that name a replaced PlaqueToken contract to its successor (the local runtime's upgrade of an
// older, Ownable contract to the one with MINTER_ROLE): plaques not minted yet and orders not yet signed. A minted
// plaque keeps its contract (its token lives there), and so does an order whose mint is signed (MINTING): its
// stored transaction targets the old contract, so the worker refuses it as another contract's, for an operator.
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, conditionHeld } from '#lib/db/conditional-write.ts';
import { catalogSortKey, ENTITY } from '#lib/db/keys.ts';

export interface ContractMove {
  plaques: number;
  orders: number;
  /** Order ids left on the old contract (their mint was already signed for it). */
  left: string[];
}

/**
 * One pass over the table: a Scan, because this runs once per upgraded data folder (never on a request path) and
 * no index lists records by contract. Each move is conditional on the record still naming the old contract and
 * still being movable, so a record changed meanwhile is left as it is.
 */
export async function moveRecordsToContract(
  db: DynamoDBDocumentClient,
  tableName: string,
  from: string,
  to: string,
  now: Date,
): Promise<ContractMove> {
  const result: ContractMove = { plaques: 0, orders: 0, left: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'contractAddress = :from AND (entity = :plaque OR entity = :order)',
        ExpressionAttributeValues: { ':from': from, ':plaque': ENTITY.plaque, ':order': ENTITY.order },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.entity === ENTITY.plaque && item.minted !== true && item.status !== 'MINTED') {
        if (await movePlaque(db, tableName, item, to, now)) result.plaques++;
      } else if (item.entity === ENTITY.order) {
        if (item.status === 'SOLD' || item.status === 'FAILED') {
          if (await moveOrder(db, tableName, item, to, now)) result.orders++;
        } else if (item.status === 'MINTING') result.left.push(String(item.orderId));
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return result;
}

function movePlaque(db: DynamoDBDocumentClient, tableName: string, item: Record<string, unknown>, to: string, now: Date): Promise<boolean> {
  // A change the listing must see: updatedAt and the catalogue position move with it.
  const updatedAt = now.toISOString();
  return conditionalWrite(
    db,
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET contractAddress = :to, updatedAt = :now, catsk = :catsk',
      ConditionExpression: 'contractAddress = :from AND updatedAt = :seen',
      ExpressionAttributeValues: {
        ':to': to,
        ':from': item.contractAddress,
        ':seen': item.updatedAt,
        ':now': updatedAt,
        ':catsk': catalogSortKey(updatedAt, item.id as number),
      },
    }),
    conditionHeld,
  );
}

function moveOrder(db: DynamoDBDocumentClient, tableName: string, item: Record<string, unknown>, to: string, now: Date): Promise<boolean> {
  return conditionalWrite(
    db,
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET contractAddress = :to, updatedAt = :now',
      ConditionExpression: 'contractAddress = :from AND #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':from': item.contractAddress, ':status': item.status, ':now': now.toISOString() },
    }),
    conditionHeld,
  );
}
