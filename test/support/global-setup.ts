// Starts one in-memory DynamoDB Local for the whole test run; each test file creates its own table on it.
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type RunningDynamoDb } from '#lib/local/dynamodb-local.ts';

let dynamo: RunningDynamoDb | undefined;

export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
