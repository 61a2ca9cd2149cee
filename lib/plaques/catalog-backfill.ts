// Data step for the sharded catalogue index: moves plaques indexed under the old single partition (`catpk = CATALOG`)
// into their shard (`CATALOG#<id mod 16>`). Safe while serving: each move is a conditional write of the index key
// alone, the listing reads the old partition until it is empty, and running it again moves nothing. It runs as the
// versioned migration `0001-catalog-index-shards` (lib/migrations/), so `npm run ops -- migrate` and `npm start`
// apply it once per table.
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export const CATALOG_SHARD_BACKFILL = {
  id: '0001-catalog-index-shards',
  description: 'Move plaques indexed before sharding (catpk = CATALOG) into CATALOG#<id mod 16>',
} as const;

/** Moves every plaque still under the old partition; returns how many moved. */
export const backfillCatalogShards = async (ctx: Pick<AppContext, 'db' | 'tableName'>): Promise<number> =>
  (await catalogRepo(dbOf(ctx), ctx.tableName).backfillShards()).moved;
