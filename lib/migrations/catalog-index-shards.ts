// Migration 0001: the catalogue shard backfill (lib/plaques/catalog-backfill.ts) as a versioned step. It runs before
// the enumeration conversion so that a table of the unsharded version is first spread over the shards; the
// conversion itself reads both the old partition and the shards, so it would also be right on its own.
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { CATALOG_SHARD_BACKFILL } from '#lib/plaques/catalog-backfill.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';

export const catalogIndexShards: Migration = {
  ...CATALOG_SHARD_BACKFILL,
  needs: [],

  /** Scanned: rows found under the old partition; converted: plaques moved; already: moved meanwhile by another run. */
  async run({ ctx }): Promise<MigrationCounts> {
    const { scanned, moved } = await catalogRepo(dbOf(ctx), ctx.tableName).backfillShards();
    return { scanned, converted: moved, alreadyConverted: scanned - moved };
  },
};
