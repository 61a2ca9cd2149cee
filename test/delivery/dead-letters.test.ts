// Dead letters as the reconciler reads them: the SQS letter's stream coordinates read back from the table's stream
// (DynamoDB Local's), and the local runtime's dead-letter folder.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { sqsDeadLetters, streamBatchOf } from '#lib/delivery/dead-letter-queue.ts';
import { ordersOfBatch } from '#lib/delivery/stream-batch-orders.ts';
import { deadLetterFolder } from '#lib/local/dead-letters.ts';
import { freshTable } from '../support/db.ts';
import { anOrderRecord } from './fixtures.ts';

describe('the DLQ letters of the stream mapping', () => {
  it('names the sold orders of the batch a letter locates, and only those between its first and last record', async () => {
    const ctx = await freshTable();
    const put = (orderId: string, entity: string, status: string) =>
      dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { pk: `ORDER#${orderId}`, sk: 'ORDER', entity, orderId, status } }));
    await put('ord_a', 'order', 'SOLD');
    await put('ord_b', 'order', 'MINTING');
    await put('ord_c', 'plaque', 'SOLD');
    await put('ord_d', 'order', 'SOLD');
    await put('ord_e', 'order', 'SOLD');

    const streams = new DynamoDBStreamsClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const streamArn = (await dbOf(ctx).send(new DescribeTableCommand({ TableName: ctx.tableName }))).Table!.LatestStreamArn!;
    const shardId = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription!.Shards![0]!.ShardId!;
    const iterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }))
    ).ShardIterator!;
    const sequences = ((await streams.send(new GetRecordsCommand({ ShardIterator: iterator }))).Records ?? []).map(
      (r) => r.dynamodb!.SequenceNumber!,
    );
    expect(sequences).toHaveLength(5);

    // What Lambda writes to the on-failure destination for a batch of the first four records.
    const body = JSON.stringify({
      requestContext: { condition: 'RetryAttemptsExhausted' },
      DDBStreamBatchInfo: { shardId, startSequenceNumber: sequences[0], endSequenceNumber: sequences[3], streamArn, batchSize: 4 },
    });
    const batch = streamBatchOf(body)!;
    expect(await ordersOfBatch(streams, batch)).toEqual(['ord_a', 'ord_d']);
    expect(streamBatchOf('not json')).toBeNull();
    expect(streamBatchOf(JSON.stringify({ Records: [] }))).toBeNull();
    streams.destroy();
  });
});

describe('the SQS dead-letter box', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads a letter's batch back from the stream (its client loaded for the first letter), and settles a letter by its receipt", async () => {
    const batchInfo = {
      shardId: 'shard-1',
      startSequenceNumber: '100',
      endSequenceNumber: '101',
      streamArn: 'arn:aws:dynamodb:us-east-1:0:table/t/stream/x',
    };
    const sold = [anOrderRecord('ord_a'), anOrderRecord('ord_b', { status: 'MINTING' }), anOrderRecord('ord_c')];
    sold[0]!.dynamodb!.SequenceNumber = '100';
    sold[1]!.dynamodb!.SequenceNumber = '101';
    sold[2]!.dynamodb!.SequenceNumber = '102';
    const sqsCalls: object[] = [];
    vi.spyOn(SQSClient.prototype, 'send').mockImplementation(async (command: object) => {
      sqsCalls.push(command);
      if (command instanceof ReceiveMessageCommand) {
        return {
          Messages: [
            { MessageId: 'm1', ReceiptHandle: 'r1', Body: JSON.stringify({ DDBStreamBatchInfo: batchInfo }) },
            { MessageId: 'm2', ReceiptHandle: 'r2', Body: 'not a batch' },
          ],
        };
      }
      return {};
    });
    const streamCalls: object[] = [];
    vi.spyOn(DynamoDBStreamsClient.prototype, 'send').mockImplementation(async (command: object) => {
      streamCalls.push(command);
      if (command instanceof GetShardIteratorCommand) return { ShardIterator: 'iterator-1' };
      return { Records: sold, NextShardIterator: 'iterator-2' };
    });

    const box = sqsDeadLetters('https://sqs.us-east-1.amazonaws.com/0/dlq', 'us-east-1');
    // The record after the batch's last one stops the read: ord_c is not the batch's.
    expect(await box.list()).toEqual([
      { id: 'm1', orderIds: ['ord_a'] },
      { id: 'm2', orderIds: [] },
    ]);
    expect(streamCalls.map((command) => command.constructor.name)).toEqual(['GetShardIteratorCommand', 'GetRecordsCommand']);
    await box.settle('m1');
    const deleted = sqsCalls.filter((command) => command instanceof DeleteMessageCommand) as DeleteMessageCommand[];
    expect(deleted.map((command) => command.input.ReceiptHandle)).toEqual(['r1']);

    // The box outlives a pass (the reconciler keeps it per instance): a letter of an earlier pass is no longer settled
    // with its old receipt; the queue shows it again after its visibility timeout, with a new one.
    await box.list();
    const receivedAgain = sqsCalls.filter((command) => command instanceof ReceiveMessageCommand).length;
    expect(receivedAgain).toBe(2);
    sqsCalls.length = 0;
    vi.mocked(SQSClient.prototype.send).mockImplementation(async (command: object) => {
      sqsCalls.push(command);
      return { Messages: [] };
    });
    await box.list();
    await box.settle('m2');
    expect(sqsCalls.filter((command) => command instanceof DeleteMessageCommand)).toEqual([]);
  });
});

describe('the local dead-letter folder', () => {
  it('lists the order of each dead-lettered record, and moves a settled one aside', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plaque-streams-'));
    const folder = join(stateDir, 'dead-letters');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '1-a.json'), JSON.stringify(anOrderRecord('ord_x')));
    writeFileSync(join(folder, '2-b.json'), '{"cut sh');
    const box = deadLetterFolder(stateDir);
    expect(await box.list()).toEqual([
      { id: '1-a.json', orderIds: ['ord_x'] },
      { id: '2-b.json', orderIds: [] },
    ]);
    await box.settle('1-a.json');
    expect((await box.list()).map((letter) => letter.id)).toEqual(['2-b.json']);
    expect(readdirSync(join(folder, 'redriven'))).toEqual(['1-a.json']);
  });
});
