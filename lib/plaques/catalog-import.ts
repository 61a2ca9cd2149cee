// Writes plaques into the catalogue in all-or-nothing groups, with ids from the table's counter.
import { conflict } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Plaques per transaction: each plaque writes its record and its name claim (DynamoDB's limit is 100 items). */
const IMPORT_GROUP = 50;
/**
 * Transactions kept in flight, each lane taking the next group as soon as its own lands (no lane waits for the
 * slowest of a round). DynamoDB Local applies writes one at a time but reads and parses requests on other threads, so
 * a queue of them keeps it busy; in AWS each is a request of its own: 800 plaques in flight.
 */
const IMPORT_IN_FLIGHT = 16;

/**
 * Inserts plaques whose ids come from `allocateIds`; a group either lands whole or not at all. `onProgress` hears how
 * many are written after each group. 409 PLAQUE_NAME_TAKEN (naming it) when a name is already claimed; 409
 * PLAQUE_EXISTS when an id is taken.
 */
export async function insertPlaques(
  ctx: Pick<AppContext, 'db' | 'tableName'>,
  plaques: readonly StoredPlaque[],
  onProgress?: (written: number) => void,
): Promise<void> {
  const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
  const insertGroup = async (group: StoredPlaque[]) => {
    const outcome = await repo.insertMany(group);
    if (outcome.kind === 'name-taken') {
      throw conflict('PLAQUE_NAME_TAKEN', `plaque ${outcome.name} already exists`, { extensions: { name: outcome.name } });
    }
    if (outcome.kind === 'id-taken') {
      throw conflict('PLAQUE_EXISTS', `a plaque with id ${outcome.id} already exists`, { extensions: { id: outcome.id } });
    }
  };
  const groups: StoredPlaque[][] = [];
  for (let i = 0; i < plaques.length; i += IMPORT_GROUP) groups.push(plaques.slice(i, i + IMPORT_GROUP));
  let next = 0;
  let written = 0;
  let failed = false;
  // Each lane takes the next group as soon as its own lands; the first failure stops every lane from taking more.
  const lane = async () => {
    while (!failed && next < groups.length) {
      const group = groups[next++]!;
      await insertGroup(group).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      written += group.length;
      onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_IN_FLIGHT, groups.length) }, lane));
}

/** Seeds `count` sample plaques with fresh ids. */
export async function seedSampleCatalog(
  ctx: Pick<AppContext, 'db' | 'tableName'>,
  make: (firstId: number) => StoredPlaque[],
  count: number,
): Promise<number> {
  const ids = await plaqueRepo(dbOf(ctx), ctx.tableName).allocateIds(count);
  const plaques = make(ids[0]!);
  await insertPlaques(ctx, plaques);
  return plaques.length;
}
