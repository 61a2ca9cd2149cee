// Builds the DynamoDB clients once; repositories take a client as an argument so tests and the local runtime inject their own.
// Every client classifies its failures once (lib/db/failures.ts), so no repository handles throttling or timeouts.
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { classifyFailuresOf } from '#lib/db/failures.ts';

export interface DbClientOptions {
  region: string;
  /** DynamoDB Local's address; undefined in AWS. */
  endpoint?: string | undefined;
}

export function createDocumentClient(options: DbClientOptions): DynamoDBDocumentClient {
  const clientConfig: DynamoDBClientConfig = { region: options.region };
  if (options.endpoint) {
    clientConfig.endpoint = options.endpoint;
    // DynamoDB Local accepts any credentials; fixed ones keep it from searching the host for real ones.
    clientConfig.credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  }
  const client = new DynamoDBClient(clientConfig);
  classifyFailuresOf(client);
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
