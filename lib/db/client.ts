// Builds the DynamoDB clients once; repositories take a client as an argument so tests and the local runtime inject their own.
// Every client classifies its failures once (lib/db/failures.ts), so no repository handles throttling or timeouts.
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { coreConfig } from '#lib/config.ts';
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
  // The SDK's logger step copies every answer through its sensitive-member filter to hand it to a logger, even to the
  // default one that drops it: 15-20% of the CPU a BatchGetItem of 100 plaques costs. The service logs its own way.
  client.middlewareStack.remove('loggerMiddleware');
  classifyFailuresOf(client);
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * The document client of a context: the one it was given (tests, the local runtime), else built from configuration on
 * first use and kept, so a function that never reaches the table never loads the DynamoDB client.
 */
export function dbOf(ctx: { db?: DynamoDBDocumentClient }): DynamoDBDocumentClient {
  ctx.db ??= createDocumentClient({ region: coreConfig().AWS_REGION, endpoint: coreConfig().DYNAMODB_ENDPOINT });
  return ctx.db;
}
