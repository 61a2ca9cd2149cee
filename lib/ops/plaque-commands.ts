// Ops commands for the catalogue: import plaques from JSON or CSV, feature and unfeature a plaque.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { insertPlaques, setPlaqueFeatured } from '#lib/plaques/catalog-import.ts';
import { readCsvRows, readJsonRows, toStoredPlaque, type RowProblem } from '#lib/plaques/import-rows.ts';
import { plaqueName } from '#lib/plaques/plaque.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export interface ImportReport {
  imported: number;
  problems: RowProblem[];
}

/** Validates every row first; writes nothing when any row is bad (or names are taken), else writes them all. */
export async function importPlaques(target: TargetOptions, file: string, options: { dryRun?: boolean } = {}): Promise<ImportReport> {
  const text = await readFile(file, 'utf8');
  const { rows, problems } = extname(file).toLowerCase() === '.csv' ? readCsvRows(text) : readJsonRows(text);
  if (problems.length > 0) return { imported: 0, problems };
  const opened = await openTarget(target);
  try {
    const repo = plaqueRepo(dbOf(opened.ctx), opened.ctx.tableName);
    const taken = await repo.claimedNames(rows.map(({ row }) => plaqueName(row.alphabetPart, row.numberPart)));
    const clashes = rows
      .filter(({ row }) => taken.has(plaqueName(row.alphabetPart, row.numberPart)))
      .map(({ line, row }) => ({ line, messages: [`name ${plaqueName(row.alphabetPart, row.numberPart)} already exists`] }));
    if (clashes.length > 0 || rows.length === 0) return { imported: 0, problems: clashes };
    // The stage values new plaques carry, known before anything is written (a dry run checks them too).
    void opened.stage.contractAddress;
    if (rows.some(({ row }) => !row.image)) void opened.stage.placeholderImage;
    if (options.dryRun) return { imported: 0, problems: [] };
    const ids = await repo.allocateIds(rows.length);
    const now = opened.ctx.now();
    await insertPlaques(
      opened.ctx,
      rows.map(({ row }, i) => toStoredPlaque(row, ids[i]!, now, opened.stage)),
    );
    return { imported: rows.length, problems: [] };
  } finally {
    await opened.close();
  }
}

async function setFeatured(target: TargetOptions, id: number, featured: boolean) {
  const opened = await openTarget(target);
  try {
    return await setPlaqueFeatured(opened.ctx, id, featured);
  } finally {
    await opened.close();
  }
}

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
      const report = await importPlaques(target(), file, options);
      for (const problem of report.problems) console.error(`line ${problem.line}: ${problem.messages.join('; ')}`);
      if (report.problems.length > 0) {
        console.error(`Nothing imported: ${report.problems.length} row(s) need fixing.`);
        process.exitCode = 1;
      } else console.log(options.dryRun ? 'All rows are valid (dry run: nothing written).' : `Imported ${report.imported} plaque(s).`);
    });

  for (const [name, featured] of [
    ['feature', true],
    ['unfeature', false],
  ] as const) {
    program
      .command(name)
      .description(featured ? 'mark a plaque featured (sets featuredAt)' : 'remove a plaque from the featured listing')
      .argument('<id>', 'plaque id')
      .action(async (id: string) => {
        try {
          const plaque = await setFeatured(target(), plaqueId(id), featured);
          console.log(`${plaque.name} (id ${plaque.id}) is ${featured ? 'featured' : 'no longer featured'}.`);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          console.error(error.detail ?? error.title);
          process.exitCode = 1;
        }
      });
  }
}
