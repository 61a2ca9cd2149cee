// `npm run ops -- migrate`: converts data stored by earlier versions (the pending migrations of lib/migrations/), or
// with --status lists what the table has applied and what is pending.
import type { Command } from 'commander';
import {
  describeCounts,
  migrationStatus,
  runPendingMigrations,
  type MigrationRun,
  type MigrationStatus,
} from '#lib/migrations/run-migrations.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export async function migrate(
  target: TargetOptions,
  options: { rerun?: string[] } = {},
  onStart?: (id: string) => void,
): Promise<MigrationRun[]> {
  const opened = await openTarget(target);
  try {
    return await runPendingMigrations({ ctx: opened.ctx, stage: opened.stage }, { rerun: options.rerun, onStart: (m) => onStart?.(m.id) });
  } finally {
    await opened.close();
  }
}

async function status(target: TargetOptions): Promise<MigrationStatus & { describe: string }> {
  const opened = await openTarget(target);
  try {
    return { ...(await migrationStatus(opened.ctx)), describe: opened.describe };
  } finally {
    await opened.close();
  }
}

export function registerMigrateCommand(program: Command, target: () => TargetOptions): void {
  program
    .command('migrate')
    .description('convert data stored by earlier versions: runs the pending migrations in order and records each one')
    .option('--status', 'list the applied and the pending migrations; change nothing')
    .option('--rerun <id...>', 'run applied migrations again (safe: a second run converts only what is still old)')
    .action(async (options: { status?: boolean; rerun?: string[] }) => {
      if (options.status) {
        const { applied, pending, describe } = await status(target());
        console.log(`Migrations of ${describe}:`);
        for (const a of applied) console.log(`  applied  ${a.id}  ${a.appliedAt}  (${describeCounts(a.counts)})`);
        for (const p of pending) console.log(`  pending  ${p.id}  ${p.description}`);
        console.log(pending.length === 0 ? 'Nothing pending.' : `${pending.length} pending: run npm run ops -- migrate`);
        return;
      }
      const runs = await migrate(target(), options, (id) => console.log(`Running ${id}…`));
      for (const run of runs) console.log(`${run.id}: ${describeCounts(run.counts)}.`);
      console.log(runs.length === 0 ? 'Nothing to migrate: every migration is applied.' : `${runs.length} migration(s) applied.`);
    });
}
