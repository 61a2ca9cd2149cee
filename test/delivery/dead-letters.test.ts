// Dead letters as the reconciler reads them: the SQS letter's stream coordinates read back from the table's stream
// (DynamoDB Local's), and the local runtime's dead-letter folder.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { ordersOfBatch, streamBatchOf } from '#lib/delivery/dead-letter-queue.ts';
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
