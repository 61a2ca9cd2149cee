// Ops commands for the catalogue: import plaques from JSON or CSV, feature and unfeature a plaque, set its price.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { catalogueImportRepo } from '#lib/db/catalogue-import-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { setPlaqueFeatured, setPlaquePrice } from '#lib/plaques/plaque-changes.ts';
import { writeCatalogSnapshot, type SnapshotRun } from '#lib/plaques/catalog-snapshot-writer.ts';
import { readCsvRows, readJsonRows, toStoredPlaque, type RowProblem } from '#lib/plaques/import-rows.ts';
import { CURRENCIES, plaqueName } from '#lib/plaques/plaque.ts';
import { coreConfig } from '#lib/config.ts';
import { localStreamConsumers } from '#lib/local/stream-consumers.ts';
import { skipUnwantedRecords } from '#lib/local/stream-poller.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export interface ImportReport {
  imported: number;
  /** The import's record (and its one `catalogue.imported` event); absent when nothing was written. */
  importId?: string;
  problems: RowProblem[];
  /** The local listing's snapshot, brought up to date with every imported record; null for a named endpoint or AWS. */
  snapshot?: SnapshotRun | null;
  /**
   * Stream records npm start's consumers (deliveries, code mails, webhook events) were moved past, none of them wanting
   * them (the plaques and name claims just written), per consumer; empty when npm start reads the stream itself.
   */
  streamSkipped?: number[];
}

/** What an import tells its operator as it goes: each phase, and the plaques written so far. */
export interface ImportProgress {
  say(line: string): void;
  /** Plaques written so far: 0 as the writing starts, then after each group. */
  written(count: number, total: number): void;
}

/** Names checked against the table per BatchGetItem round, and such rounds in flight. */
const NAME_CHECK_CHUNK = 1000;
const NAME_CHECKS_IN_FLIGHT = 8;

/** The file's text; a missing or unreadable file is named in one line. */
async function readImportFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`No file ${resolve(file)}: nothing imported`);
    if (code === 'EISDIR') throw new Error(`${resolve(file)} is a folder, not a file: nothing imported`);
    throw new Error(`Cannot read ${resolve(file)} (${code ?? (error as Error).message}): nothing imported`);
  }
}

/** Which of the names are claimed already, asked a chunk at a time with a few chunks in flight. */
async function claimedNames(repo: ReturnType<typeof plaqueRepo>, names: string[]): Promise<Set<string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < names.length; i += NAME_CHECK_CHUNK) chunks.push(names.slice(i, i + NAME_CHECK_CHUNK));
  const taken = new Set<string>();
  const lane = async () => {
    for (let chunk = chunks.pop(); chunk; chunk = chunks.pop()) for (const name of await repo.claimedNames(chunk)) taken.add(name);
  };
  await Promise.all(Array.from({ length: NAME_CHECKS_IN_FLIGHT }, lane));
  return taken;
}

const quiet: ImportProgress = { say: () => undefined, written: () => undefined };

/**
 * Validates every row first; writes nothing when any row is bad (or names are taken), else writes them all, then
 * brings the local listing's snapshot up to date with their records, so the next start serves them at once. A missing
 * file, and one that holds no plaque, are refused.
 */
export async function importPlaques(
  target: TargetOptions,
  file: string,
  options: { dryRun?: boolean } = {},
  progress: ImportProgress = quiet,
): Promise<ImportReport> {
  const text = await readImportFile(file);
  const { rows, problems } = extname(file).toLowerCase() === '.csv' ? readCsvRows(text) : readJsonRows(text);
  if (problems.length > 0) return { imported: 0, problems };
  if (rows.length === 0) {
    throw new Error(
      `${resolve(file)} holds no plaques (a CSV file needs its header row and a row per plaque, a JSON file an array of them): nothing imported`,
    );
  }
  const opened = await openTarget(target, progress.say);
  try {
    const repo = plaqueRepo(dbOf(opened.ctx), opened.ctx.tableName);
    progress.say(`Checking ${rows.length} name(s) against ${opened.describe}…`);
    const taken = await claimedNames(
      repo,
      rows.map(({ row }) => plaqueName(row.alphabetPart, row.numberPart)),
    );
    const clashes = rows
      .filter(({ row }) => taken.has(plaqueName(row.alphabetPart, row.numberPart)))
      .map(({ line, row }) => ({ line, messages: [`name ${plaqueName(row.alphabetPart, row.numberPart)} already exists`] }));
    if (clashes.length > 0) return { imported: 0, problems: clashes };
    // The stage values new plaques carry, known before anything is written (a dry run checks them too).
    void opened.stage.contractAddress;
    if (rows.some(({ row }) => !row.image)) void opened.stage.placeholderImage;
    if (options.dryRun) return { imported: 0, problems: [] };
    const ids = await repo.allocateIds(rows.length);
    const now = opened.ctx.now();
    const plaques = rows.map(({ row }, i) => toStoredPlaque(row, ids[i]!, now, opened.stage));
    // Partners hear of the import once, when it is done (`catalogue.imported`), not once per plaque: the record is
    // written before the first plaque and marked done after the last.
    const imports = catalogueImportRepo(dbOf(opened.ctx), opened.ctx.tableName);
    const importId = `imp_${randomBytes(12).toString('base64url')}`;
    await imports.start({ importId, count: ids.length, firstPlaqueId: ids[0]!, lastPlaqueId: ids.at(-1)!, startedAt: now.toISOString() });
    progress.written(0, plaques.length);
    await insertPlaques(opened.ctx, plaques, (written) => progress.written(written, plaques.length));
    await imports.finish(importId, opened.ctx.now().toISOString());
    const done = { imported: rows.length, importId, problems: [] };
    if (!opened.snapshots) return { ...done, snapshot: null, streamSkipped: [] };
    progress.say("Bringing the listing's catalogue snapshot up to date…");
    const snapshot = await writeCatalogSnapshot({
      db: dbOf(opened.ctx),
      tableName: opened.ctx.tableName,
      store: opened.snapshots,
      now: () => new Date(),
      force: true,
      known: plaques,
    });
    // No npm start read the stream meanwhile: its consumers would read the import's records in the first minute of its
    // next start, on the server's event loop, only to find that none is theirs. They are moved past them now.
    if (!opened.idleStream) return { ...done, snapshot, streamSkipped: [] };
    progress.say("Moving npm start's stream consumers past the import's records…");
    const streamSkipped = await skipUnwantedRecords({
      endpoint: opened.idleStream.endpoint,
      region: coreConfig().AWS_REGION,
      tableName: opened.ctx.tableName,
      consumers: localStreamConsumers(opened.idleStream.dataDir),
    }).catch((error: unknown) => {
      // The plaques are in: the consumers then read past the records themselves at the next start.
      progress.say(`The stream consumers were not moved (${(error as Error).message}); npm start's will read past the records.`);
      return [];
    });
    return { ...done, snapshot, streamSkipped };
  } finally {
    await opened.close();
  }
}

/**
 * The import's progress on standard error: each phase as a line, and the plaques written so far, rewritten in place at
 * a terminal, else a line at each tenth (and the last).
 */
function importProgress(): ImportProgress {
  const terminal = process.stderr.isTTY === true;
  let shownTenth = 0;
  let started = performance.now();
  return {
    say: (line) => console.error(line),
    written(count, total) {
      if (count === 0) {
        started = performance.now();
        return console.error(`Writing ${total} plaques…`);
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const line = `Wrote ${count} of ${total} plaques (${Math.floor((100 * count) / total)}%, ${seconds} s)`;
      if (terminal) process.stderr.write(`\r${line}${count === total ? '\n' : ''}`);
      else if (Math.floor((10 * count) / total) > shownTenth || count === total) {
        shownTenth = Math.floor((10 * count) / total);
        console.error(line);
      }
    },
  };
}

/** Runs one change of a plaque against the target, closing it after. */
async function onTarget<T>(target: TargetOptions, run: (ctx: Awaited<ReturnType<typeof openTarget>>['ctx']) => Promise<T>): Promise<T> {
  const opened = await openTarget(target);
  try {
    return await run(opened.ctx);
  } finally {
    await opened.close();
  }
}

/** Runs an ops action, telling a refusal of the service (not found, wrong state) in one line with exit status 1. */
async function refusalsTold(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.detail ?? error.title);
    process.exitCode = 1;
  }
}

const priceOf = (value: string): number => {
  if (!/^\d{1,12}(?:\.\d{1,8})?$/.test(value)) throw new Error(`price must be a number of at least 0 such as 120 or 99.5, got ${value}`);
  return Number(value);
};

const currencyOf = (value: string): string => {
  const code = value.toUpperCase();
  if (!(CURRENCIES as readonly string[]).includes(code)) throw new Error(`currency must be one of ${CURRENCIES.join(', ')}, got ${value}`);
  return code;
};

const plaqueId = (value: string): number => {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new Error(`plaque id must be a positive integer, got ${value}`);
  return Number(value);
};

export function registerPlaqueCommands(program: Command, target: () => TargetOptions): void {
  program
    .command('import')
    .description('import plaques from a JSON array or a CSV file with a header row; nothing is written if any row is bad')
    .argument('<file>', 'path to a .json or .csv file')
    .option('--dry-run', 'validate only')
    .action(async (file: string, options: { dryRun?: boolean }) => {
      const report = await importPlaques(target(), file, options, importProgress());
      for (const problem of report.problems) console.error(`line ${problem.line}: ${problem.messages.join('; ')}`);
      if (report.problems.length > 0) {
        console.error(`Nothing imported: ${report.problems.length} row(s) need fixing.`);
        process.exitCode = 1;
        return;
      }
      if (options.dryRun) return console.log('All rows are valid (dry run: nothing written).');
      const snapshot = report.snapshot;
      const listing = !snapshot
        ? ''
        : snapshot.written
          ? ` The listing's snapshot holds ${snapshot.recordsHeld} of ${snapshot.plaques} plaques' records.`
          : " The listing's snapshot was brought up to date meanwhile by npm start.";
      console.log(`Imported ${report.imported} plaque(s).${listing}`);
    });

  for (const [name, featured] of [
    ['feature', true],
    ['unfeature', false],
  ] as const) {
    program
      .command(name)
      .description(featured ? 'mark a plaque featured (sets featuredAt)' : 'remove a plaque from the featured listing')
      .argument('<id>', 'plaque id')
      .action((id: string) =>
        refusalsTold(async () => {
          const plaque = await onTarget(target(), (ctx) => setPlaqueFeatured(ctx, plaqueId(id), featured));
          console.log(`${plaque.name} (id ${plaque.id}) is ${featured ? 'featured' : 'no longer featured'}.`);
        }),
      );
  }

  program
    .command('price')
    .description(
      "set a plaque's price, and its currency with --currency (records a price_change in its activity); only while AVAILABLE or LOCKED",
    )
    .argument('<id>', 'plaque id')
    .argument('<price>', 'the new price, a number of at least 0 (e.g. 120 or 99.5)')
    .option('--currency <code>', `the new currency: ${CURRENCIES.join(' or ')} (default: the plaque's own)`)
    .action((id: string, price: string, options: { currency?: string }) =>
      refusalsTold(async () => {
        const [plaque, amount, currency] = [plaqueId(id), priceOf(price), options.currency && currencyOf(options.currency)];
        const changed = await onTarget(target(), (ctx) => setPlaquePrice(ctx, plaque, amount, currency || undefined));
        console.log(`${changed.name} (id ${changed.id}) costs ${changed.price} ${changed.currency}.`);
      }),
    );
}
