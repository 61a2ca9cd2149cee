// DynamoDB Local as the local runtime starts it: listening on 127.0.0.1 alone, like the local server and anvil, so no
// other machine on the network reaches the data (read from the kernel's own table of listening sockets, Linux); its
// stream records indexed; the tables' schemas it binds kept, each table's change its own; its classes mapped from
// Java's class-data archive, made once when there is none.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { classArchive, startDynamoDbLocal, type RunningDynamoDb } from '#lib/local/dynamodb-local.ts';

let dynamo: RunningDynamoDb;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
});
afterAll(async () => {
  await dynamo?.stop();
});

/** The address of a /proc/net/tcp(6) entry: 8 or 32 hex digits, each 32-bit word in host (little-endian) order. */
function addressOf(hex: string): number[] {
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) bytes.push(...Buffer.from(hex.slice(word, word + 8), 'hex').reverse());
  return bytes;
}

/** The local addresses of every socket listening on `port`, as bytes (4 for IPv4, 16 for IPv6). */
function listeningOn(port: number): number[][] {
  const found: number[][] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, portHex] = local!.split(':');
      if (state === '0A' && Number.parseInt(portHex!, 16) === port) found.push(addressOf(address!));
    }
  }
  return found;
}

const isLoopback = (bytes: number[]): boolean =>
  bytes.length === 4
    ? bytes[0] === 127
    : // ::1, or ::ffff:127.x.y.z
      bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1
      ? true
      : bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff && bytes[12] === 127;

const refused = (host: string, port: number) =>
  new Promise<string>((done) => {
    const socket = connect(port, host);
    socket.on('connect', () => {
      socket.destroy();
      done('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
  });

describe('DynamoDB Local', () => {
  it('listens on 127.0.0.1 only, not on every interface', async () => {
    const addresses = listeningOn(dynamo.port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(isLoopback(address), address.join('.')).toBe(true);
    // From another address of this machine, when it has one, nothing answers.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
    if (other) expect(await refused(other.address, dynamo.port)).toBe('ECONNREFUSED');
    expect(await refused('127.0.0.1', dynamo.port)).toBe('connected');
  });
});

describe("DynamoDB Local's database", () => {
  it('has its stream records indexed by stream before it answers, which its own schema lacks', async () => {
    const dbPath = mkdtempSync(join(tmpdir(), 'plaque-dynamodb-'));
    const onDisk = await startDynamoDbLocal({ dbPath });
    try {
      // SQLite keeps each index's CREATE statement as text in the file's schema table.
      const file = readFileSync(join(dbPath, 'shared-local-instance.db'));
      expect(file.includes('CREATE INDEX us_stream_sequence ON us (StreamID, SequenceNumber)')).toBe(true);
      // And the planner's figures for it, which keep the stream's reads on the sequence number (sqlite_stat1).
      expect(file.includes('usus_stream_sequence1000000 1000000 1')).toBe(true);
    } finally {
      await onDisk.stop();
      rmSync(dbPath, { recursive: true, force: true });
    }
  });
});

describe("DynamoDB Local's tables", () => {
  it("keep what one table's schema change does to that table, though another table had the same schema", async () => {
    const db = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamo.endpoint,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const definition = (name: string) =>
      new CreateTableCommand({
        TableName: name,
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      });
    const put = (table: string, pk: string) =>
      db.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, color: { S: 'red' } } }));
    const byColor = (table: string) =>
      db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'byColor',
          KeyConditionExpression: 'color = :c',
          ExpressionAttributeValues: { ':c': { S: 'red' } },
        }),
      );
    try {
      const [a, b] = [`schemas-a-${Date.now()}`, `schemas-b-${Date.now()}`];
      await db.send(definition(a));
      // Written to many times with the same schema: what DynamoDB Local reads of it for each write is kept.
      for (let i = 0; i < 20; i++) await put(a, `a${i}`);
      await db.send(
        new UpdateTableCommand({
          TableName: a,
          AttributeDefinitions: [{ AttributeName: 'color', AttributeType: 'S' }],
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: 'byColor',
                KeySchema: [{ AttributeName: 'color', KeyType: 'HASH' }],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
      // Written to once the index is built, as lib/db/create-table.ts waits for it.
      const active = async () =>
        (await db.send(new DescribeTableCommand({ TableName: a }))).Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus === 'ACTIVE';
      for (let tries = 0; !(await active()); tries++) {
        if (tries > 200) throw new Error('the index never became active');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await put(a, 'a-after');
      expect((await byColor(a)).Items?.map((item) => item.pk!.S)).toContain('a-after');
      // A table made afterwards with the schema `a` had: written to and read as that schema, without `a`'s index.
      await db.send(definition(b));
      for (let i = 0; i < 5; i++) await put(b, `b${i}`);
      expect((await db.send(new ScanCommand({ TableName: b }))).Count).toBe(5);
      expect((await db.send(new DescribeTableCommand({ TableName: b }))).Table?.GlobalSecondaryIndexes).toBeUndefined();
      await expect(byColor(b)).rejects.toThrow(/index/i);
      // And `a` keeps its index through more writes.
      await put(a, 'a-later');
      expect((await byColor(a)).Items?.map((item) => item.pk!.S)).toContain('a-later');
    } finally {
      db.destroy();
    }
  });
});

/** The Java command line of a running DynamoDB Local, argument by argument. */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

describe("DynamoDB Local's start", () => {
  it('maps its classes from the class-data archive, with its telemetry off', () => {
    const args = commandLine(dynamo.process.pid!);
    expect(args).toContain('-disableTelemetry');
    const archive = args.find((arg) => arg.startsWith('-XX:SharedArchiveFile='))?.slice('-XX:SharedArchiveFile='.length);
    expect(archive).toMatch(/node_modules\/\.cache\/dynamodb-local-loopback\/\w+\/dynamodb-local\.jsa$/);
    // Java maps an archive it accepts into the process; one it refuses is left unmapped.
    expect(readFileSync(`/proc/${dynamo.process.pid!}/maps`, 'utf8')).toContain(archive);
  });

  it('makes the archive once when there is none, waits for no other process making it, and says when it cannot', async () => {
    const args = commandLine(dynamo.process.pid!);
    const classPath = args[args.indexOf('-cp') + 1]!.split(delimiter);
    const cwd = join(classPath[2]!, '..', '..');
    const folder = mkdtempSync(join(tmpdir(), 'plaque-class-archive-'));
    try {
      const files = { folder, classPath };
      // Another process holds the lock: this start goes on without an archive rather than waiting.
      mkdirSync(join(folder, 'archive.lock'));
      expect(await classArchive(files, [], cwd)).toBeNull();
      rmSync(join(folder, 'archive.lock'), { recursive: true });

      const made = await classArchive(files, [], cwd);
      expect(made).toBe(join(folder, 'dynamodb-local.jsa'));
      expect(statSync(made!).size).toBeGreaterThan(1_000_000);
      expect(existsSync(join(folder, 'archive.lock'))).toBe(false);
      // Made once: the next start takes it as it is.
      expect(await classArchive(files, ['-XX:NoSuchOption'], cwd)).toBe(made);

      // A Java that cannot start: no archive, the reason kept, and no start tries again (for a day).
      const broken = { folder: mkdtempSync(join(folder, 'broken-')), classPath };
      expect(await classArchive(broken, ['-XX:NoSuchOption'], cwd)).toBeNull();
      expect(readFileSync(join(broken.folder, 'archive-failed.txt'), 'utf8')).toContain('NoSuchOption');
      writeFileSync(join(broken.folder, 'archive-failed.txt'), 'kept\n');
      expect(await classArchive(broken, [], cwd)).toBeNull();
      expect(readFileSync(join(broken.folder, 'archive-failed.txt'), 'utf8')).toBe('kept\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
