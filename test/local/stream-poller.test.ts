// The local stream event source on DynamoDB Local: Lambda-shaped events, filtering, retries, dead letters, checkpoints.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, ListStreamsCommand } from '@aws-sdk/client-dynamodb-streams';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { dbOf } from '#lib/db/client.ts';
import { skipUnwantedRecords, startStreamPoller, type StreamHandler, type StreamPoller } from '#lib/local/stream-poller.ts';
import { noteActivity } from '#lib/local/idle-pace.ts';
import { freshTable } from '../support/db.ts';

const pollers: StreamPoller[] = [];
afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
});

async function setup(
  handler: StreamHandler,
  extra: { stateDir?: string; filters?: never[]; batchSize?: number; handOverBy?: () => number; pollIntervalMs?: number } = {},
) {
  const ctx = await freshTable();
  const poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    handler,
    pollIntervalMs: 50,
    filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['order'] } } } }],
    ...extra,
  });
  pollers.push(poller);
  const put = (pk: string, entity: string) => dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { pk, sk: 'X', entity } }));
  return { ctx, poller, put };
}

describe('local stream poller', () => {
  it('hands matching inserts to the worker as Lambda stream records, and skips the rest', async () => {
    const seen: DynamoDBRecord[] = [];
    const { poller, put } = await setup(async (event) => void seen.push(...event.Records));
    await put('ORDER#1', 'order');
    await put('PLAQUE#1', 'plaque');
    await put('ORDER#1', 'order'); // a MODIFY: filtered out
    await poller.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: expect.stringContaining('stream'),
      dynamodb: {
        Keys: { pk: { S: 'ORDER#1' }, sk: { S: 'X' } },
        NewImage: { entity: { S: 'order' } },
        SequenceNumber: expect.any(String),
      },
    });
    expect(typeof seen[0]!.dynamodb!.ApproximateCreationDateTime).toBe('number');
  });

  it("reads the table's latest stream: after the stream was turned off and on again, the records written since", async () => {
    const ctx = await freshTable();
    const turn = (StreamEnabled: boolean) =>
      dbOf(ctx).send(
        new UpdateTableCommand({
          TableName: ctx.tableName,
          StreamSpecification: StreamEnabled ? { StreamEnabled, StreamViewType: 'NEW_AND_OLD_IMAGES' } : { StreamEnabled },
        }),
      );
    await turn(false);
    await turn(true);
    const latest = (await dbOf(ctx).send(new DescribeTableCommand({ TableName: ctx.tableName }))).Table!.LatestStreamArn;
    const streams = new DynamoDBStreamsClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const listed = await streams.send(new ListStreamsCommand({ TableName: ctx.tableName }));
    streams.destroy();
    // Both streams are listed: the one turned off first, and the latest.
    const arns = listed.Streams?.map((stream) => stream.StreamArn);
    expect(arns).toHaveLength(2);
    expect(arns).toContain(latest);
    const seen: DynamoDBRecord[] = [];
    const poller = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      tableName: ctx.tableName,
      handler: async (event) => void seen.push(...event.Records),
      pollIntervalMs: 50,
    });
    pollers.push(poller);
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { pk: 'ORDER#2', sk: 'X', entity: 'order' } }));
    await poller.drain();
    expect(seen.map((r) => [r.eventSourceARN, r.dynamodb?.Keys?.pk?.S])).toEqual([[latest, 'ORDER#2']]);
  });

  it('refuses a table without a stream, naming it', async () => {
    const ctx = await freshTable();
    const tableName = `${ctx.tableName}-no-stream`;
    await dbOf(ctx).send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    try {
      const options = { endpoint: inject('dynamoEndpoint'), region: 'us-east-1', tableName, handler: async () => undefined };
      await expect(startStreamPoller(options)).rejects.toThrow(`table ${tableName} has no stream`);
    } finally {
      await dbOf(ctx).send(new DeleteTableCommand({ TableName: tableName }));
    }
  });

  it('reads at once when the process notes activity, however long its wait between polls', async () => {
    const seen: string[] = [];
    const { poller, put } = await setup(async (event) => void seen.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)), {
      pollIntervalMs: 600_000,
    });
    // Passes run one at a time: once this one is done, the poller's first pass found the stream empty and it rests for
    // ten minutes, so a record written now is read within the test only if the poller is woken.
    await poller.drain();
    await put('ORDER#woken', 'order');
    // Noted again at every look: the stream may show the write a moment after it returned.
    await vi.waitFor(
      () => {
        noteActivity();
        expect(seen).toEqual(['ORDER#woken']);
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it('catches up on a bulk write in batches of at most batchSize, in order, each record once', async () => {
    const batches: string[][] = [];
    const { poller, put } = await setup(async (event) => void batches.push(event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)), {
      batchSize: 7,
    });
    for (let i = 0; i < 40; i++) await put(`ORDER#${i}`, i % 4 === 0 ? 'plaque' : 'order');
    await poller.drain();
    const wanted = Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i % 4 !== 0)
      .map((i) => `ORDER#${i}`);
    expect(batches.flat()).toEqual(wanted);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(7);
  });

  it('reads a page once for consumers of the same stream at the same position, each getting every record', async () => {
    const ctx = await freshTable();
    const seen: string[][] = [[], []];
    // Two consumers that read only when asked (drain): both start at the stream's end, at the same position.
    const consumers = await Promise.all(
      seen.map((keys) =>
        startStreamPoller({
          endpoint: inject('dynamoEndpoint'),
          region: 'us-east-1',
          tableName: ctx.tableName,
          handler: async (event) => void keys.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)),
          pollIntervalMs: 600_000,
          batchSize: 100,
        }),
      ),
    );
    pollers.push(...consumers);
    await Promise.all(consumers.map((c) => c.drain()));
    const items = Array.from({ length: 30 }, (_, i) => ({ pk: `ORDER#${i}`, sk: 'X', entity: 'order' }));
    for (const item of items) await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: item }));
    // The records the stream answers, counted over every read the two consumers make.
    let answered = 0;
    const fetched = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await fetched(input, init);
      if (new Headers(init?.headers).get('x-amz-target')?.endsWith('.GetRecords')) {
        answered += ((await response.clone().json()) as { Records?: unknown[] }).Records?.length ?? 0;
      }
      return response;
    };
    try {
      // Waits on state: a read that finds its iterator expired ends a drain early, and the next one opens another.
      await vi.waitFor(
        async () => {
          await Promise.all(consumers.map((c) => c.drain()));
          expect(seen.map((keys) => keys.length)).toEqual([30, 30]);
        },
        { timeout: 25_000, interval: 100 },
      );
    } finally {
      globalThis.fetch = fetched;
    }
    expect(seen).toEqual([items.map((i) => i.pk), items.map((i) => i.pk)]);
    expect(answered).toBe(30);
  });

  it('moves a stopped consumer past the records it does not want, up to the first it wants, which it then gets', async () => {
    const ctx = await freshTable();
    const put = (pk: string, entity: string) => dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { pk, sk: 'X', entity } }));
    const orders = [{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['order'] } } } }];
    const [reader, fresh] = [mkdtempSync(join(tmpdir(), 'plaque-stream-')), join(mkdtempSync(join(tmpdir(), 'plaque-stream-')), 'codes')];
    const seen: string[] = [];
    const consumer = () =>
      startStreamPoller({
        endpoint: inject('dynamoEndpoint'),
        region: 'us-east-1',
        tableName: ctx.tableName,
        handler: async (event) => void seen.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)),
        filters: orders,
        pollIntervalMs: 600_000,
        stateDir: reader,
      });
    // A consumer that read the stream to its end, then stopped; then a bulk write it does not want, an order, and more.
    await put('ORDER#0', 'order');
    const first = await consumer();
    await first.drain();
    await first.stop();
    for (let i = 0; i < 30; i++) await put(`PLAQUE#${i}`, 'plaque');
    await put('ORDER#1', 'order');
    for (let i = 30; i < 35; i++) await put(`PLAQUE#${i}`, 'plaque');

    const skipped = await skipUnwantedRecords({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      tableName: ctx.tableName,
      // The second has never run (no folder yet) and wants none of these: it is moved to the stream's end.
      consumers: [
        { stateDir: reader, filters: orders },
        { stateDir: fresh, filters: [{ dynamodb: { NewImage: { entity: { S: ['code'] } } } }] },
      ],
    });
    expect(skipped).toEqual([30, 37]);

    // Started again, it reads from the order on: the records answered to it are the order and the five after it.
    let answered = 0;
    const fetched = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await fetched(input, init);
      if (new Headers(init?.headers).get('x-amz-target')?.endsWith('.GetRecords')) {
        answered += ((await response.clone().json()) as { Records?: unknown[] }).Records?.length ?? 0;
      }
      return response;
    };
    try {
      const again = await consumer();
      pollers.push(again);
      await again.drain();
    } finally {
      globalThis.fetch = fetched;
    }
    expect(seen).toEqual(['ORDER#0', 'ORDER#1']);
    expect(answered).toBe(6);
    // Run again with nothing new, it moves no one.
    expect(
      await skipUnwantedRecords({
        endpoint: inject('dynamoEndpoint'),
        region: 'us-east-1',
        tableName: ctx.tableName,
        consumers: [{ stateDir: fresh, filters: [] }],
      }),
    ).toEqual([0]);
  });

  it('retries a failing record, then puts it in the dead-letter folder and moves on', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plaque-stream-'));
    const attempts = new Map<string, number>();
    const delivered: string[] = [];
    const { poller, put } = await setup(
      async (event) => {
        const keys = event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!);
        if (keys.length === 1) attempts.set(keys[0]!, (attempts.get(keys[0]!) ?? 0) + 1);
        if (keys.includes('ORDER#bad')) throw new Error('worker failure');
        delivered.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!));
      },
      { stateDir },
    );
    await put('ORDER#a', 'order');
    await put('ORDER#bad', 'order');
    await put('ORDER#b', 'order');
    await poller.drain();
    // Splitting a batch costs no attempt (as with bisect-on-error in AWS); alone, the record gets three.
    expect(attempts.get('ORDER#bad')).toBe(3);
    expect(delivered).toEqual(expect.arrayContaining(['ORDER#a', 'ORDER#b']));
    expect(readdirSync(join(stateDir, 'dead-letters'))).toHaveLength(1);
  });

  it('resumes after its checkpoint when restarted', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plaque-stream-'));
    const first: string[] = [];
    const { ctx, poller, put } = await setup(async (event) => void first.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)), {
      stateDir,
    });
    await put('ORDER#1', 'order');
    await poller.drain();
    await poller.stop();
    pollers.pop();
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { pk: 'ORDER#2', sk: 'X', entity: 'order' } }));

    const second: string[] = [];
    const again = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      tableName: ctx.tableName,
      handler: async (event) => void second.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)),
      stateDir,
      pollIntervalMs: 50,
    });
    pollers.push(again);
    await again.drain();
    expect(first).toEqual(['ORDER#1']);
    expect(second).toEqual(['ORDER#2']);
  });

  it('gathers records until the hand-over time, or a whole batch, then hands them over in one event', async () => {
    const events: string[][] = [];
    let handOverAt = Date.now() + 60_000;
    const { put } = await setup(async (event) => void events.push(event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)), {
      batchSize: 5,
      handOverBy: () => handOverAt,
    });
    for (let i = 0; i < 7; i++) await put(`ORDER#${i}`, 'order');
    // A whole batch goes at once; the two left wait for the hand-over time.
    await eventually(() => events.length === 1);
    expect(events).toEqual([['ORDER#0', 'ORDER#1', 'ORDER#2', 'ORDER#3', 'ORDER#4']]);
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toHaveLength(1);
    handOverAt = Date.now();
    await eventually(() => events.length === 2);
    expect(events[1]).toEqual(['ORDER#5', 'ORDER#6']);
  });

  it('does not checkpoint records it gathered but did not hand over: a restart reads them again', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'plaque-stream-'));
    const first: string[] = [];
    const { ctx, poller, put } = await setup(async (event) => void first.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)), {
      stateDir,
      batchSize: 50,
      handOverBy: () => Date.now() + 60_000,
    });
    await put('ORDER#1', 'order');
    await put('PLAQUE#1', 'plaque');
    await put('ORDER#2', 'order');
    // Read and gathered, never handed over: the poller stops (as a kill would) before the window ends.
    await new Promise((r) => setTimeout(r, 500));
    await poller.stop();
    pollers.pop();
    expect(first).toEqual([]);

    const second: string[] = [];
    const again = await startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      region: 'us-east-1',
      tableName: ctx.tableName,
      handler: async (event) => void second.push(...event.Records.map((r) => r.dynamodb!.Keys!.pk!.S!)),
      filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['order'] } } } }],
      stateDir,
      pollIntervalMs: 50,
    });
    pollers.push(again);
    await again.drain();
    expect(second).toEqual(['ORDER#1', 'ORDER#2']);
  });
});

/** Waits until `condition` holds (checked every 20 ms, for at most 20 s). */
async function eventually(condition: () => boolean): Promise<void> {
  for (const until = Date.now() + 20_000; !condition();) {
    if (Date.now() > until) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}
