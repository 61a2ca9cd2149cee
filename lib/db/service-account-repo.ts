// The only module that speaks DynamoDB for the service account: the marketplace's own name and wallet.
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, serviceAccountKey } from '#lib/db/keys.ts';

export interface ServiceAccount {
  username: string;
  /** The contract owner and signer: where unsold plaques' tokens come from. */
  walletAddress: string;
  updatedAt: string;
}

export const serviceAccountRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  async get(): Promise<ServiceAccount | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: serviceAccountKey() }));
    if (!out.Item) return null;
    return {
      username: out.Item.username as string,
      walletAddress: out.Item.walletAddress as string,
      updatedAt: out.Item.updatedAt as string,
    };
  },

  async put(account: ServiceAccount): Promise<void> {
    await db.send(new PutCommand({ TableName: tableName, Item: { ...serviceAccountKey(), entity: ENTITY.serviceAccount, ...account } }));
  },
});
