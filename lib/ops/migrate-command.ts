// `npm run ops -- migrate`: converts data stored by earlier versions (the pending migrations of lib/migrations/), or
// with --status lists what the table has applied and what is pending. `move-to-contract`: after a stage's PlaqueToken is
// replaced, moves the records that still name the old one to the stage's contract (as `npm start` does locally).
import type { Command } from 'commander';
import { getAddress, isAddress } from 'viem';
import { moveRecordsToContract, type ContractMove } from '#lib/db/contract-move-repo.ts';
import { dbOf } from '#lib/db/client.ts';
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

/**
 * Moves plaques not minted yet and orders not signed yet from the replaced contract `from` to the target's contract
 * (--contract-address); minted plaques and signed orders stay with `from`. Running it again moves nothing more.
 */
export async function moveToContract(target: TargetOptions, from: string): Promise<ContractMove & { to: string }> {
  if (!isAddress(from, { strict: false })) throw new Error(`--from must be 0x and 40 hex digits, got ${from}`);
  const opened = await openTarget(target);
  try {
    const to = opened.stage.contractAddress;
    if (to === getAddress(from)) throw new Error(`--from names the stage's current contract ${to}: nothing to move`);
    const { ctx } = opened;
    return { ...(await moveRecordsToContract(dbOf(ctx), ctx.tableName, getAddress(from), to, ctx.now())), to };
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

export function registerMoveToContractCommand(program: Command, target: () => TargetOptions): void {
  program
    .command('move-to-contract')
    .description(
      "after deploy-contract --replace: move plaques not minted yet and orders not signed yet from the replaced contract to the stage's (--contract-address)",
    )
    .requiredOption('--from <0x…>', 'the replaced contract')
    .action(async (options: { from: string }) => {
      const moved = await moveToContract(target(), options.from);
      console.log(`Moved ${moved.plaques} plaque(s) and ${moved.orders} order(s) to ${moved.to}.`);
      for (const orderId of moved.left) console.log(`  ${orderId}: its mint is signed for the old contract; left for an operator`);
    });
}
