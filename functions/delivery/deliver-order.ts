// Delivery worker fed by the table's stream: not built yet, so it ignores every record.
import type { DynamoDBStreamEvent } from 'aws-lambda';

export const handler = async (_event: DynamoDBStreamEvent): Promise<void> => {};
