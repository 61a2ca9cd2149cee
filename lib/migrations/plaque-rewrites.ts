// The loop the plaque migrations share: every stored plaque read raw, its changes worked out by the migration's pure
// function, and written with the conditional rewrite (lib/db/plaque-migration-repo.ts), read again when it changed
// in between.
import { dbOf } from '#lib/db/client.ts';
import { plaqueMigrationRepo, type AttributeChange } from '#lib/db/plaque-migration-repo.ts';
import type { MigrationCounts, MigrationInput } from '#lib/migrations/migration.ts';

type Item = Record<string, unknown>;

/** Rewrites of one plaque in flight at once. */
const CONCURRENCY = 8;
/** Times one plaque is re-read and rewritten when it changed between the read and the write. */
const ATTEMPTS = 5;

/**
 * Applies `changesOf` to every plaque: an empty list means the plaque needs nothing (written by this version,
 * converted before, or converted by a concurrent run meanwhile).
 */
export async function rewriteEveryPlaque(
  ctx: MigrationInput['ctx'],
  changesOf: (item: Item) => AttributeChange[],
): Promise<MigrationCounts> {
  const repo = plaqueMigrationRepo(dbOf(ctx), ctx.tableName);
  const counts: MigrationCounts = { scanned: 0, converted: 0, alreadyConverted: 0 };

  const convert = async (id: number, first: Item): Promise<void> => {
    let item: Item | null = first;
    for (let attempt = 1; item !== null; attempt++) {
      const changes = changesOf(item);
      if (changes.length === 0) {
        counts.alreadyConverted++;
        return;
      }
      if ((await repo.rewrite(id, changes)).kind === 'applied') {
        counts.converted++;
        return;
      }
      if (attempt >= ATTEMPTS) throw new Error(`plaque ${id} kept changing while it was converted; run the migration again`);
      // Written in between (a sale, a hold, a delivery, another run): read it again and convert what is still old.
      item = await repo.rawItem(id);
    }
  };

  for await (const ids of repo.plaqueIds()) {
    const items = await repo.rawItems(ids);
    counts.scanned += items.size;
    const queue = [...items];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await convert(...next);
      }),
    );
  }
  return counts;
}
