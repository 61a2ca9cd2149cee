// Where `npm run ops` works locally: the DynamoDB Local the running server recorded in DATA_DIR, never a DynamoDB
// without this project's table, and never a second DynamoDB Local on a data folder somebody runs.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { createDocumentClient } from '#lib/db/client.ts';
import { freePort } from '#lib/local/child-process.ts';
import { claimDataDir, DataDirTakenError, runtimeRecordFile, type RuntimeRecord } from '#lib/local/runtime-record.ts';
import { openTarget } from '#lib/ops/target.ts';
import { rotateJwtKey } from '#lib/ops/rotate-jwt-key.ts';
import { freshTable } from '../support/db.ts';

const run = promisify(execFile);

/** A process standing in for a running `npm start` (a live pid to record). */
const stand = spawn('sleep', ['300']);
afterAll(() => stand.kill());

function recordRunning(dataDir: string, record: Partial<RuntimeRecord>): void {
  const full: RuntimeRecord = { pid: stand.pid!, owner: 'npm start', startedAt: new Date().toISOString(), tableName: 'plaques', ...record };
  writeFileSync(runtimeRecordFile(dataDir), JSON.stringify(full));
}

const aDataDir = () => mkdtempSync(join(tmpdir(), 'plaque-target-'));

describe('openTarget on local data', () => {
  it('uses the DynamoDB Local the running server recorded in its data folder', async () => {
    const ctx = await freshTable();
    const dataDir = aDataDir();
    const endpoint = inject('dynamoEndpoint');
    recordRunning(dataDir, { dynamodb: { endpoint, port: Number(new URL(endpoint).port) } });
    const target = await openTarget({ dataDir, table: ctx.tableName });
    expect(target.describe).toBe(`table ${ctx.tableName} at ${endpoint}`);
    await target.close();
  });

  it("refuses a DynamoDB that holds no table of this project's shape, and one without the table", async () => {
    const endpoint = inject('dynamoEndpoint');
    const db = createDocumentClient({ region: 'us-east-1', endpoint });
    const foreign = `other-${randomUUID()}`;
    await db.send(
      new CreateTableCommand({
        TableName: foreign,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    );
    await expect(openTarget({ endpoint, table: foreign })).rejects.toThrow(/is not the plaque service's table/);
    await expect(openTarget({ endpoint, table: `missing-${randomUUID()}` })).rejects.toThrow(
      /holds no table missing-.*not the plaque service's DynamoDB/,
    );
    const dataDir = aDataDir();
    recordRunning(dataDir, { dynamodb: { endpoint, port: 0 } });
    await expect(openTarget({ dataDir, table: `missing-${randomUUID()}` })).rejects.toThrow(/npm start's DynamoDB Local .* holds no table/);
  });

  it('refuses to start a second DynamoDB Local on a folder whose server does not answer', async () => {
    const dataDir = aDataDir();
    const port = await freePort();
    recordRunning(dataDir, { dynamodb: { endpoint: `http://127.0.0.1:${port}`, port } });
    await expect(openTarget({ dataDir })).rejects.toThrow(new RegExp(`npm start \\(pid ${stand.pid}\\) owns .* does not answer`));
  });

  it('refuses a folder that holds no data unless told to create it, and leaves it as it was', async () => {
    const dataDir = join(aDataDir(), 'typo');
    await expect(openTarget({ dataDir })).rejects.toThrow(/typo holds no data .*--create-data-dir/);
    expect(existsSync(dataDir)).toBe(false);
    await expect(rotateJwtKey({ dataDir })).rejects.toThrow(/does not exist: run npm start .*--create-data-dir/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names an endpoint that answers HTTP but is not DynamoDB as such', async () => {
    // A JSON-RPC node or an API answers 200 with JSON of another shape.
    const other = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const endpoint = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      await expect(openTarget({ endpoint })).rejects.toThrow(`${endpoint} answers, but not as DynamoDB does`);
    } finally {
      other.close();
    }
  });

  it('claims the folder while it runs its own DynamoDB Local, and gives it back when done', async () => {
    const dataDir = aDataDir();
    // It says at once that it starts DynamoDB Local (which takes seconds), then that it answers.
    const said: string[] = [];
    const opening = openTarget({ dataDir, createDataDir: true }, (line) => said.push(line));
    expect(said).toEqual([
      expect.stringMatching(/^Starting DynamoDB Local over .*dynamodb \(no npm start serves .*\); it takes a few seconds…$/),
    ]);
    const target = await opening;
    expect(said[1]).toMatch(/^DynamoDB Local answers \([\d.]+ s\)\.$/);
    expect(() => claimDataDir(dataDir, { owner: 'npm start', tableName: 'plaques' })).toThrow(DataDirTakenError);
    await target.close();
    expect(existsSync(runtimeRecordFile(dataDir))).toBe(false);
  }, 60_000);

  it('takes over a record its process left behind', () => {
    const dataDir = aDataDir();
    writeFileSync(
      runtimeRecordFile(dataDir),
      JSON.stringify({ pid: 2 ** 22 + 17, owner: 'npm start', startedAt: '', tableName: 'plaques' }),
    );
    expect(claimDataDir(dataDir, { owner: 'ops', tableName: 'plaques' }).pid).toBe(process.pid);
  });
});

describe('npm start on a folder in use', () => {
  it('refuses to start, naming who holds it', async () => {
    const dataDir = aDataDir();
    recordRunning(dataDir, { server: { url: 'http://127.0.0.1:3999', port: 3999 } });
    const failed = await run(process.execPath, ['--import', 'tsx', 'lib/local/start.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()) },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`is in use: npm start (pid ${stand.pid}) already serves it on http://127.0.0.1:3999`),
    });
  });
});
