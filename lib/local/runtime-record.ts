// Who runs the local data folder's DynamoDB Local, and where: `DATA_DIR/runtime.json`, claimed by `npm start` (or by an
// ops command that starts DynamoDB Local for itself) before it starts one, and removed when it stops. The ops
// command line reads it to find the running server's DynamoDB Local; nobody starts a second one on a claimed folder.
import { readFileSync, renameSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface RuntimeRecord {
  /** The process that owns the folder: `npm start`'s server process, or an ops command. */
  pid: number;
  owner: 'npm start' | 'ops';
  startedAt: string;
  tableName: string;
  dynamodb?: { endpoint: string; port: number };
  anvil?: { rpcUrl: string; port: number };
  server?: { url: string; port: number };
}

export const runtimeRecordFile = (dataDir: string): string => join(dataDir, 'runtime.json');

/** Whether a process with this id runs (EPERM: it runs, as another user). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(dataDir: string): RuntimeRecord | null {
  try {
    return JSON.parse(readFileSync(runtimeRecordFile(dataDir), 'utf8')) as RuntimeRecord;
  } catch {
    return null;
  }
}

/** The record of the process that owns the folder now; null when none does (no record, or its process is gone). */
export function runningRuntime(dataDir: string): RuntimeRecord | null {
  const record = readRecord(dataDir);
  return record && processRuns(record.pid) ? record : null;
}

export class DataDirTakenError extends Error {
  constructor(
    dataDir: string,
    readonly holder: RuntimeRecord,
  ) {
    const what =
      holder.owner === 'npm start'
        ? `npm start (pid ${holder.pid}) already serves it${holder.server ? ` on ${holder.server.url}` : ''}: stop it first (kill ${holder.pid}), or give this one another DATA_DIR`
        : `an ops command (pid ${holder.pid}) is working on it: try again when it has finished`;
    super(`The data folder ${dataDir} is in use: ${what}.`);
  }
}

/**
 * Claims the folder for this process: written with `wx` (create only), so of two processes claiming at once exactly
 * one wins; a record left by a process that is gone is replaced. Throws DataDirTakenError when a live one holds it.
 */
export function claimDataDir(dataDir: string, record: Omit<RuntimeRecord, 'pid' | 'startedAt'>): RuntimeRecord {
  mkdirSync(dataDir, { recursive: true });
  const file = runtimeRecordFile(dataDir);
  const claim: RuntimeRecord = { pid: process.pid, startedAt: new Date().toISOString(), ...record };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(claim, null, 2)}\n`, { flag: 'wx' });
      return claim;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningRuntime(dataDir);
      if (holder) throw new DataDirTakenError(dataDir, holder);
      // A stale record (its process is gone): remove it and claim again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not claim ${dataDir}: its runtime record keeps changing`);
}

/** Adds what this process now runs (ports) to its own record. */
export function updateRuntimeRecord(dataDir: string, patch: Partial<Omit<RuntimeRecord, 'pid' | 'owner'>>): void {
  const current = readRecord(dataDir);
  if (!current || current.pid !== process.pid) return;
  const file = runtimeRecordFile(dataDir);
  writeFileSync(`${file}.${process.pid}`, `${JSON.stringify({ ...current, ...patch }, null, 2)}\n`);
  renameSync(`${file}.${process.pid}`, file);
}

/** Removes this process's record (never another's). */
export function releaseDataDir(dataDir: string): void {
  const current = readRecord(dataDir);
  if (current?.pid === process.pid) rmSync(runtimeRecordFile(dataDir), { force: true });
}

/**
 * The address the folder was last served on (`DATA_DIR/served.json`, kept after the server stops): the media URLs the
 * records hold point there, so an ops command run while no server runs stores URLs of the same address.
 */
const servedFile = (dataDir: string): string => join(dataDir, 'served.json');

export function recordServedAddress(dataDir: string, url: string): void {
  writeFileSync(`${servedFile(dataDir)}.${process.pid}`, `${JSON.stringify({ url }, null, 2)}\n`);
  renameSync(`${servedFile(dataDir)}.${process.pid}`, servedFile(dataDir));
}

export function lastServedAddress(dataDir: string): string | undefined {
  try {
    const { url } = JSON.parse(readFileSync(servedFile(dataDir), 'utf8')) as { url?: unknown };
    return typeof url === 'string' && URL.canParse(url) ? url : undefined;
  } catch {
    return undefined;
  }
}
