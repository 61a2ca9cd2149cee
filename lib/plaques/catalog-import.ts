// Writes plaques into the catalogue in all-or-nothing groups, with ids from the table's counter.
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Plaques per transaction: each plaque writes its record and its name claim. */
export const IMPORT_GROUP = 50;

/** Inserts plaques whose ids come from `allocateIds`; a group either lands whole or not at all. */
export async function insertPlaques(ctx: Pick<AppContext, 'db' | 'tableName'>, plaques: StoredPlaque[]): Promise<void> {
  const repo = plaqueRepo(ctx.db, ctx.tableName);
  const groups: StoredPlaque[][] = [];
  for (let i = 0; i < plaques.length; i += IMPORT_GROUP) groups.push(plaques.slice(i, i + IMPORT_GROUP));
  // A few transactions in flight at once keeps seeding 20 000 plaques quick without throttling DynamoDB Local.
  const inFlight = 4;
  for (let i = 0; i < groups.length; i += inFlight) {
    await Promise.all(groups.slice(i, i + inFlight).map((group) => repo.insertMany(group)));
  }
}

/** Seeds `count` sample plaques with fresh ids. */
export async function seedSampleCatalog(
  ctx: Pick<AppContext, 'db' | 'tableName'>,
  make: (firstId: number) => StoredPlaque[],
  count: number,
): Promise<number> {
  const ids = await plaqueRepo(ctx.db, ctx.tableName).allocateIds(count);
  const plaques = make(ids[0]!);
  await insertPlaques(ctx, plaques);
  return plaques.length;
}
