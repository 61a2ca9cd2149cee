// Runs the migrations a table has not applied yet, in order, recording each once it has run; and says which are
// applied and which are pending. Used by `npm run ops -- migrate` and by `npm start` before it serves.
import { dbOf } from '#lib/db/client.ts';
import { migrationRepo } from '#lib/db/migration-repo.ts';
import { MIGRATIONS } from '#lib/migrations/migrations.ts';
import type { AppliedMigration, Migration, MigrationCounts, MigrationInput } from '#lib/migrations/migration.ts';

export interface MigrationRun {
  id: string;
  description: string;
  counts: MigrationCounts;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  pending: Migration[];
}

export interface RunOptions {
  /** The list to run (tests give their own); the service's own by default. */
  migrations?: readonly Migration[];
  /** Ids of applied migrations to run again: each is safe to repeat (e.g. after old code wrote during a deploy). */
  rerun?: readonly string[];
  /** Told before each migration starts. */
  onStart?: (migration: Migration) => void;
}

/** Applied migrations (as recorded in the table) and the pending ones, both in id order. */
export async function migrationStatus(ctx: MigrationInput['ctx'], migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationStatus> {
  const applied = await migrationRepo(dbOf(ctx), ctx.tableName).applied();
  const done = new Set(applied.map((a) => a.id));
  return { applied, pending: migrations.filter((m) => !done.has(m.id)) };
}

/**
 * Runs every pending migration (and those named in `rerun`) in id order and records each as applied when it has
 * run. The stage values the migrations need are checked first, so a missing one stops the run before any write.
 */
export async function runPendingMigrations(input: MigrationInput, options: RunOptions = {}): Promise<MigrationRun[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  const unknown = (options.rerun ?? []).filter((id) => !migrations.some((m) => m.id === id));
  if (unknown.length > 0) throw new Error(`No migration ${unknown.join(', ')}: known are ${migrations.map((m) => m.id).join(', ')}`);
  const { pending } = await migrationStatus(input.ctx, migrations);
  const rerun = new Set(options.rerun ?? []);
  const toRun = migrations.filter((m) => pending.includes(m) || rerun.has(m.id));
  for (const migration of toRun) for (const need of migration.needs) void input.stage[need];

  const repo = migrationRepo(dbOf(input.ctx), input.ctx.tableName);
  const runs: MigrationRun[] = [];
  for (const migration of toRun) {
    options.onStart?.(migration);
    const counts = await migration.run(input);
    await repo.recordApplied({ id: migration.id, description: migration.description, appliedAt: new Date().toISOString(), counts });
    runs.push({ id: migration.id, description: migration.description, counts });
  }
  return runs;
}

/** `240 scanned, 12 converted, 228 already converted`, then the findings, if any: `; found: …; …`. */
export const describeCounts = (c: MigrationCounts): string =>
  `${c.scanned} scanned, ${c.converted} converted, ${c.alreadyConverted} already converted` +
  (c.findings && c.findings.length > 0 ? `; found: ${c.findings.join('; ')}` : '');
