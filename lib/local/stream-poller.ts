// The local stand-in for a DynamoDB stream event source: polls DynamoDB Local's stream and invokes a worker with the
// same DynamoDBStreamEvent Lambda receives in AWS, with event filtering, bounded retries, bisect-on-error, a
// dead-letter folder, and checkpoints under DATA_DIR so a restart neither replays nor skips records.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetShardIteratorCommand,
  ListStreamsCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '#lib/runtime/logger.ts';
import { oneAtATime } from '#lib/runtime/one-at-a-time.ts';
import { idlePace, noteActivity } from '#lib/local/idle-pace.ts';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/** A Lambda event filter pattern (the subset used here: nested objects whose leaves list the accepted values). */
export type FilterPattern = { [key: string]: FilterPattern | readonly (string | number | boolean)[] };

export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  tableName: string;
  handler: StreamHandler;
  /** Records must match one of these (like the event source mapping's FilterCriteria); all when empty. */
  filters?: readonly FilterPattern[];
  batchSize?: number;
  /** Attempts per record before it goes to the dead-letter folder (like MaximumRetryAttempts + 1). */
  maxAttempts?: number;
  /**
   * Wait before the second attempt of a failing record, doubled for each further one up to 8 s (default 500 ms: six
   * attempts span about 15 s, so a node that is down for a moment does not dead-letter the record at once).
   */
  retryDelayMs?: number;
  /** Folder for checkpoints and dead letters; nothing persisted when absent (tests). */
  stateDir?: string;
  /** Wait between polls that find nothing (default 250 ms). */
  pollIntervalMs?: number;
  /**
   * The longest wait while polls keep finding nothing: the wait doubles up to it, and is short again at once when this
   * process notes activity (lib/local/idle-pace.ts). Absent: always `pollIntervalMs`.
   */
  idlePollIntervalMs?: number;
  /**
   * When records gathered for the worker must be handed over at the latest (epoch ms, asked at every poll): until then
   * they gather up to `batchSize`, as the event source mapping's batching window gathers them. Absent: handed over as
   * soon as read. Records gathered are not checkpointed until handed over, so a restart reads them again.
   */
  handOverBy?: () => number;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handed to the worker (or dead-lettered). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
}

export function matchesPattern(value: unknown, pattern: FilterPattern | readonly (string | number | boolean)[]): boolean {
  if (Array.isArray(pattern)) return pattern.includes(value as string);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(pattern).every(([key, inner]) => matchesPattern((value as Record<string, unknown>)[key], inner));
}

/**
 * How often the stream's shards are listed while its open shards are read: a shard read to its end (closed) makes the
 * next pass list them at once, so this only bounds how late a shard opened beside the ones read is found.
 */
const SHARD_DISCOVERY_MS = 10_000;

/** Records one GetRecords call may answer (DynamoDB Streams' largest page). */
const READ_LIMIT = 1000;

/** A GetRecords answer as DynamoDB Streams sends it: records in the JSON Lambda's events carry too. */
interface RecordsPage {
  Records?: (Omit<DynamoDBRecord, 'eventSource' | 'awsRegion' | 'eventSourceARN'> & { dynamodb?: DynamoDBRecord['dynamodb'] })[];
  NextShardIterator?: string;
}

/** The shard iterator expired, or the records it pointed at were trimmed: a new one is asked for. */
class IteratorGone extends Error {}

/**
 * GetRecords as plain JSON over HTTP. The SDK's deserializer walks every attribute of every image through its schema
 * (about 0.07 ms of CPU a record, against 0.012 ms for JSON.parse), and catching up after an import of 100 000 plaques
 * reads 200 000 records per consumer on the server's event loop. The wire JSON is also exactly what Lambda hands a
 * stream function (binary values as base64 text, creation times in epoch seconds). DynamoDB Local reads the access key
 * from the Authorization header and checks no signature.
 */
async function getRecords(endpoint: string, region: string, iterator: string): Promise<RecordsPage> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDBStreams_20120810.GetRecords',
      authorization: `AWS4-HMAC-SHA256 Credential=local/20200101/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify({ ShardIterator: iterator, Limit: READ_LIMIT }),
  });
  const body = (await response.json()) as RecordsPage & { __type?: string; message?: string; Message?: string };
  if (response.ok) return body;
  if (/#(ExpiredIteratorException|TrimmedDataAccessException)$/.test(body.__type ?? '')) throw new IteratorGone();
  throw new Error(`GetRecords answered ${response.status}: ${body.__type ?? ''} ${body.message ?? body.Message ?? ''}`.trim());
}

/**
 * Pages read lately, by the position they follow (stream, shard, and the sequence number before them; none from the
 * shard's start), as the promise of the read: npm start's three consumers read the same stream, and after an import
 * the ones at the same position take the page one of them reads instead of reading and parsing it again. Only pages
 * with records are kept, a few and briefly (an empty one at the stream's end is asked again next time).
 */
const recentPages = new Map<string, Promise<RecordsPage>>();
const PAGES_KEPT = 6;
const PAGE_KEPT_MS = 15_000;

function sharedPage(key: string, read: () => Promise<RecordsPage>): Promise<RecordsPage> {
  const known = recentPages.get(key);
  if (known) return known;
  const reading = read();
  recentPages.set(key, reading);
  const forget = () => void (recentPages.get(key) === reading && recentPages.delete(key));
  reading.then((page) => (page.Records?.length ? setTimeout(forget, PAGE_KEPT_MS).unref() : forget()), forget);
  while (recentPages.size > PAGES_KEPT) recentPages.delete(recentPages.keys().next().value!);
  return reading;
}

const checkpointFileOf = (stateDir: string) => join(stateDir, 'checkpoints.json');

/** A consumer's checkpoints: by shard, the sequence number of the last record it is done with. */
function readCheckpoints(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** Written whole or not at all (a kill mid-write leaves the previous checkpoints, never a torn file read as none). */
function writeCheckpoints(file: string, checkpoints: Record<string, string>): void {
  writeFileSync(`${file}.writing`, JSON.stringify(checkpoints));
  renameSync(`${file}.writing`, file);
}

/** Every shard of the stream, oldest first. */
async function streamShards(streams: DynamoDBStreamsClient, streamArn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
    shards.push(...(out.StreamDescription?.Shards ?? []));
    start = out.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

/**
 * The table's latest stream (what DescribeTable names `LatestStreamArn`), from the streams' own listing: DynamoDB Local
 * counts every item of a table to describe it (1.6 s at 200 000 items, against 11–54 ms for the listing), which each
 * of npm start's three consumers paid on every start.
 */
async function latestStreamArn(streams: DynamoDBStreamsClient, tableName: string): Promise<string | undefined> {
  let latest: { arn: string; label: string } | undefined;
  let start: string | undefined;
  do {
    const out = await streams.send(new ListStreamsCommand({ TableName: tableName, ExclusiveStartStreamArn: start }));
    for (const { StreamArn: arn, StreamLabel: label = '', TableName: table } of out.Streams ?? []) {
      if (arn && table === tableName && (!latest || label > latest.label)) latest = { arn, label };
    }
    start = out.LastEvaluatedStreamArn;
  } while (start);
  return latest?.arn;
}

const streamsClient = (endpoint: string, region: string) =>
  new DynamoDBStreamsClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** A consumer of the stream that is not running: where its checkpoints are, and the records it wants. */
export interface StoppedConsumer {
  stateDir: string;
  filters: readonly FilterPattern[];
}

/**
 * Moves each consumer's checkpoints past the records none of its filters match, up to its first wanted record or the
 * stream's end, reading each page once for the consumers at the same position: what the consumer would do itself,
 * done ahead. For a command that wrote many records no consumer wants while none ran (an import into a data folder no
 * npm start serves), so the next start's consumers do not read them on the server's event loop in its first minute.
 * The consumers must not be running meanwhile. → the records skipped, per consumer.
 */
export async function skipUnwantedRecords(options: {
  endpoint: string;
  region: string;
  tableName: string;
  consumers: readonly StoppedConsumer[];
}): Promise<number[]> {
  const streams = streamsClient(options.endpoint, options.region);
  try {
    const streamArn = await latestStreamArn(streams, options.tableName);
    if (!streamArn) return options.consumers.map(() => 0);
    const shards = await streamShards(streams, streamArn);
    return await Promise.all(
      options.consumers.map(async ({ stateDir, filters }) => {
        const file = checkpointFileOf(stateDir);
        const checkpoints = readCheckpoints(file);
        let skipped = 0;
        for (const { ShardId: shardId } of shards) {
          let position = checkpoints[shardId!];
          const opened = await streams.send(
            new GetShardIteratorCommand({
              StreamArn: streamArn,
              ShardId: shardId,
              ...(position
                ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: position }
                : { ShardIteratorType: 'TRIM_HORIZON' }),
            }),
          );
          for (let iterator = opened.ShardIterator; iterator;) {
            const read = iterator;
            const page = await sharedPage(`${streamArn}|${shardId}|${position ?? ''}`, () =>
              getRecords(options.endpoint, options.region, read),
            ).catch((error: unknown) => (error instanceof IteratorGone ? null : Promise.reject(error)));
            const records = page?.Records ?? [];
            const wanted = records.findIndex((record) => filters.length === 0 || filters.some((f) => matchesPattern(record, f)));
            const done = wanted < 0 ? records.length : wanted;
            if (done > 0) {
              position = records[done - 1]!.dynamodb!.SequenceNumber!;
              checkpoints[shardId!] = position;
              skipped += done;
            }
            iterator = wanted < 0 && records.length > 0 ? page?.NextShardIterator : undefined;
          }
        }
        if (skipped > 0) {
          mkdirSync(stateDir, { recursive: true });
          writeCheckpoints(file, checkpoints);
        }
        return skipped;
      }),
    );
  } finally {
    streams.destroy();
  }
}

/** A stream record as Lambda delivers it: the wire record with the event source's members. */
const toLambdaRecord = (record: NonNullable<RecordsPage['Records']>[number], streamArn: string, region: string): DynamoDBRecord => ({
  ...record,
  eventVersion: record.eventVersion ?? '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: region,
  eventSourceARN: streamArn,
  dynamodb: {
    ...record.dynamodb,
    ...(record.dynamodb?.ApproximateCreationDateTime !== undefined && {
      ApproximateCreationDateTime: Math.floor(record.dynamodb.ApproximateCreationDateTime),
    }),
  },
});

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const batchSize = options.batchSize ?? 25;
  const maxAttempts = options.maxAttempts ?? 3;
  const pollInterval = options.pollIntervalMs ?? 250;
  const retryDelay = (attempt: number) => Math.min(8_000, (options.retryDelayMs ?? 500) * 2 ** (attempt - 1));
  const streams = streamsClient(options.endpoint, options.region);
  const streamArn = await latestStreamArn(streams, options.tableName).catch((error: unknown) => {
    streams.destroy();
    throw error;
  });
  if (!streamArn) {
    streams.destroy();
    throw new Error(`table ${options.tableName} has no stream`);
  }

  const checkpointFile = options.stateDir ? checkpointFileOf(options.stateDir) : null;
  const deadLetterDir = options.stateDir ? join(options.stateDir, 'dead-letters') : null;
  if (options.stateDir) mkdirSync(deadLetterDir!, { recursive: true });
  const checkpoints = checkpointFile ? readCheckpoints(checkpointFile) : {};
  const saveCheckpoint = (shardId: string, sequence: string) => {
    checkpoints[shardId] = sequence;
    if (checkpointFile) writeCheckpoints(checkpointFile, checkpoints);
  };

  /** Open iterators by shard; a shard is dropped once it is closed and read to its end. */
  const iterators = new Map<string, string>();
  /** Where each shard is read from: the sequence number of the last record read (none: from its start). */
  const positions = new Map<string, string>();
  const finished = new Set<string>();

  async function openIterator(shard: Shard): Promise<void> {
    const id = shard.ShardId!;
    if (iterators.has(id) || finished.has(id)) return;
    const after = checkpoints[id];
    positions.set(id, after ?? '');
    const out = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: id,
        ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    if (out.ShardIterator) iterators.set(id, out.ShardIterator);
  }

  async function discoverShards(): Promise<void> {
    for (const shard of await streamShards(streams, streamArn!)) await openIterator(shard);
  }

  /** Invokes the worker; on failure splits the batch and retries the halves, then dead-letters single records. */
  async function deliver(records: DynamoDBRecord[], attempt = 1): Promise<void> {
    if (records.length === 0) return;
    let failedFrom = -1;
    try {
      const response = await options.handler({ Records: records });
      const failures = response?.batchItemFailures ?? [];
      if (failures.length > 0) {
        const sequences = new Set(failures.map((f) => f.itemIdentifier));
        failedFrom = records.findIndex((r) => sequences.has(r.dynamodb?.SequenceNumber ?? ''));
      }
    } catch (error) {
      logger.warn('stream worker failed', { attempt, records: records.length, error: error as Error });
      failedFrom = 0;
    }
    if (failedFrom < 0) return;
    const failed = records.slice(failedFrom);
    if (failed.length > 1) {
      const half = Math.ceil(failed.length / 2);
      await deliver(failed.slice(0, half), attempt);
      await deliver(failed.slice(half), attempt);
      return;
    }
    if (attempt < maxAttempts) {
      await new Promise((r) => setTimeout(r, retryDelay(attempt)));
      return deliver(failed, attempt + 1);
    }
    logger.error('stream record dead-lettered', { sequence: failed[0]!.dynamodb?.SequenceNumber });
    if (deadLetterDir) writeFileSync(join(deadLetterDir, `${Date.now()}-${failed[0]!.eventID}.json`), JSON.stringify(failed[0]));
  }

  /** Records read but not handed over yet, per shard, each with the sequence number read just before it. */
  const gathered = new Map<string, { record: DynamoDBRecord; before: string | undefined }[]>();

  /** Hands gathered records over: whole batches always, the rest too when `all` (or when the window has passed). */
  async function handOver(shardId: string, all: boolean): Promise<void> {
    const waiting = gathered.get(shardId) ?? [];
    const due = all || !options.handOverBy || Date.now() >= options.handOverBy();
    while (waiting.length >= batchSize || (due && waiting.length > 0)) {
      const batch = waiting.splice(0, batchSize);
      await deliver(batch.map((entry) => entry.record));
    }
  }

  async function pollShard(shardId: string, iterator: string, all: boolean): Promise<number> {
    let out: RecordsPage;
    try {
      const position = `${streamArn}|${shardId}|${positions.get(shardId) ?? ''}`;
      out = await sharedPage(position, () => getRecords(options.endpoint, options.region, iterator));
    } catch (error) {
      if (error instanceof IteratorGone) {
        // Reopened from the checkpoint, which is before anything gathered: those records are read again.
        iterators.delete(shardId);
        gathered.delete(shardId);
        return 0;
      }
      throw error;
    }
    const records = out.Records ?? [];
    const waiting = gathered.get(shardId) ?? [];
    gathered.set(shardId, waiting);
    let previous = positions.get(shardId) || undefined;
    for (const read of records) {
      // Filters name only members the wire record has (eventName, dynamodb…): records are matched before they are copied.
      if (!options.filters?.length || options.filters.some((f) => matchesPattern(read, f))) {
        waiting.push({ record: toLambdaRecord(read, streamArn!, options.region), before: previous });
      }
      previous = read.dynamodb?.SequenceNumber;
    }
    if (previous) positions.set(shardId, previous);
    // The worker gets batches of at most batchSize, as the event source mapping gives them; the read itself takes up to
    // READ_LIMIT records, so catching up after a bulk write (an import) costs a few reads and checkpoints, not thousands.
    await handOver(shardId, all || !out.NextShardIterator);
    // Checkpointed up to the first record still gathered (or everything read, when none is).
    const upTo = waiting.length > 0 ? waiting[0]!.before : previous;
    if (upTo && upTo !== checkpoints[shardId]) saveCheckpoint(shardId, upTo);
    if (out.NextShardIterator) iterators.set(shardId, out.NextShardIterator);
    else {
      iterators.delete(shardId);
      finished.add(shardId);
    }
    return records.length;
  }

  let running = true;
  let lastDiscovery = 0;
  // One pass at a time: the loop and drain() share iterators, which must not be read twice.
  const serialized = oneAtATime();

  async function pollOnce(all = false): Promise<number> {
    if (Date.now() - lastDiscovery > SHARD_DISCOVERY_MS || iterators.size === 0) {
      await discoverShards();
      lastDiscovery = Date.now();
    }
    let seen = 0;
    for (const [shardId, iterator] of [...iterators]) seen += await pollShard(shardId, iterator, all);
    return seen;
  }

  const pace = idlePace({ busyMs: pollInterval, ...(options.idlePollIntervalMs !== undefined && { idleMs: options.idlePollIntervalMs }) });
  const loop = async () => {
    while (running) {
      const seen = await serialized(() => pollOnce()).catch((error: unknown) => {
        logger.error('stream polling failed', { error: error as Error });
        return 0;
      });
      // Records read may have made work for the other pollers (a wake-up queued, a transaction sent): they look now.
      if (seen > 0) noteActivity();
      // Records gathered for a later hand-over keep the short pace: the hand-over is due at its moment.
      else if (running) await pace.rest([...gathered.values()].some((waiting) => waiting.length > 0));
    }
  };
  const looping = loop();

  return {
    drain: async () => {
      // Records written before now are all handed over once a pass that starts with shard discovery finds nothing.
      for (;;) {
        const seen = await serialized(() => {
          lastDiscovery = 0;
          return pollOnce(true);
        });
        if (seen === 0) return;
      }
    },
    stop: async () => {
      running = false;
      pace.close();
      await looping;
      streams.destroy();
    },
  };
}
