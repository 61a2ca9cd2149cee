// The only module that speaks DynamoDB for the service account: the marketplace's own name and wallet.
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, serviceAccountKey } from '#lib/db/keys.ts';

export interface ServiceAccount {
  username: string;
  /** The contract's minter (the stage's signer): where unsold plaques' tokens come from. */
  walletAddress: string;
  updatedAt: string;
}

type ServiceAccountItem = ServiceAccount & ReturnType<typeof serviceAccountKey> & { entity: typeof ENTITY.serviceAccount };

function toItem(account: ServiceAccount): ServiceAccountItem {
  return { ...serviceAccountKey(), entity: ENTITY.serviceAccount, ...account };
}

function fromItem(item: Record<string, unknown>): ServiceAccount {
  return { username: item.username as string, walletAddress: item.walletAddress as string, updatedAt: item.updatedAt as string };
}

export const serviceAccountRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  async get(): Promise<ServiceAccount | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: serviceAccountKey() }));
    return out.Item ? fromItem(out.Item) : null;
  },

  async put(account: ServiceAccount): Promise<void> {
    await db.send(new PutCommand({ TableName: tableName, Item: toItem(account) }));
  },
});
