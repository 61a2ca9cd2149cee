// restore-table and copy-table. The restore itself (RestoreTableToPointInTime) has no local stand-in: its request is
// checked on a client that records what it is sent. The copy runs on DynamoDB Local, from one table (the "restored")
// into another (the stage's), from the library and from the command line.
import { OPS_CLI } from '../support/ops-cli.ts';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { DescribeTableCommand, RestoreTableToPointInTimeCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { copyTable, restoredTableName, restoreTable } from '#lib/ops/restore-table.ts';
import { freshTable } from '../support/db.ts';

const run = promisify(execFile);
const env = { ...process.env, LOG_LEVEL: 'SILENT', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_REGION: 'us-east-1' };

describe('restoreTable', () => {
  it('asks DynamoDB to restore the table at the time into a new table, and waits until that one is ACTIVE', async () => {
    const sent: unknown[] = [];
    const statuses = ['CREATING', 'CREATING', 'ACTIVE'];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        return command instanceof DescribeTableCommand ? { Table: { TableStatus: statuses.shift() } } : {};
      },
    } as never;
    const progress: string[] = [];
    const to = new Date('2026-01-31T12:00:00Z');
    const restored = await restoreTable(client, {
      table: 'PlaqueApi-production-Table',
      to,
      pollingIntervalMs: 1,
      onProgress: (l) => progress.push(l),
    });

    expect(restored).toBe('PlaqueApi-production-Table-restored-20260131T120000Z');
    expect(sent[0]).toBeInstanceOf(RestoreTableToPointInTimeCommand);
    expect((sent[0] as RestoreTableToPointInTimeCommand).input).toEqual({
      SourceTableName: 'PlaqueApi-production-Table',
      TargetTableName: restored,
      RestoreDateTime: to,
    });
    expect(sent.slice(1).map((c) => (c as DescribeTableCommand).input)).toEqual(Array(3).fill({ TableName: restored }));
    expect(progress).toEqual([
      expect.stringContaining('Restoring PlaqueApi-production-Table as of 2026-01-31T12:00:00.000Z'),
      `  ${restored}: CREATING`,
      `  ${restored}: CREATING`,
    ]);
  });

  it('names the new table after the source and the restore point', () => {
    expect(restoredTableName('T', new Date('2026-02-01T08:30:15.250Z'))).toBe('T-restored-20260201T083015Z');
  });
});

describe('npm run ops -- restore-table', () => {
  it("refuses without a stage's table, and a time without its zone", async () => {
    for (const [args, message] of [
      [['restore-table', '--to', '2026-01-31T12:00:00Z'], 'give --region <region> and --table <name>'],
      [
        ['--region', 'eu-west-1', '--table', 'T', 'restore-table', '--to', '2026-01-31T12:00:00'],
        '--to must be an ISO 8601 time with its zone',
      ],
    ] as const) {
      const failed = await run(process.execPath, [...OPS_CLI, ...args], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(failed, args.join(' ')).toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
    }
  }, 60_000);
});

describe('copy-table', () => {
  /** The stage's table and a "restored" one beside it on the same DynamoDB Local. */
  async function tables() {
    const ctx = await freshTable();
    const db = dbOf(ctx);
    const restored = `${ctx.tableName}-restored-${randomUUID().slice(0, 8)}`;
    await ensureTable(db, restored);
    const put = (table: string, id: number, value: string) =>
      db.send(new PutCommand({ TableName: table, Item: { pk: `ITEM#${id}`, sk: 'ITEM', value } }));
    const get = async (id: number) =>
      (await db.send(new GetCommand({ TableName: ctx.tableName, Key: { pk: `ITEM#${id}`, sk: 'ITEM' } }))).Item?.['value'];
    return { ctx, db, restored, put, get };
  }

  it('puts every restored item into the table, in batches of 25: same keys overwritten, the others kept', async () => {
    const { ctx, db, restored, put, get } = await tables();
    for (let id = 0; id < 60; id++) await put(restored, id, `restored ${id}`);
    await put(ctx.tableName, 1, 'changed since');
    await put(ctx.tableName, 1000, 'written since');
    const pages: number[] = [];
    expect(await copyTable(db, restored, ctx.tableName, (n) => pages.push(n))).toBe(60);
    expect(await get(1)).toBe('restored 1');
    expect(await get(59)).toBe('restored 59');
    expect(await get(1000)).toBe('written since');
  });

  it('runs from the command line on the stage table named, refusing a table that is not the service one', async () => {
    const { ctx, restored, put, get } = await tables();
    for (let id = 0; id < 30; id++) await put(restored, id, `restored ${id}`);
    const endpoint = inject('dynamoEndpoint');
    const { stdout } = await run(
      process.execPath,
      [...OPS_CLI, '--endpoint', endpoint, '--table', ctx.tableName, 'copy-table', '--from', restored],
      {
        env,
      },
    );
    expect(stdout).toContain(`Copied 30 items from ${restored} into table ${ctx.tableName} at ${endpoint}.`);
    expect(await get(29)).toBe('restored 29');

    const failed = await run(
      process.execPath,
      [...OPS_CLI, '--endpoint', endpoint, '--table', ctx.tableName, 'copy-table', '--from', 'no-such-table'],
      {
        env,
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('holds no table no-such-table') });
  }, 60_000);
});
