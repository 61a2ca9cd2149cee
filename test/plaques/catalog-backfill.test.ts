// The sharded catalogue index's data step: plaques indexed under the old single partition move into their shard,
// while the listing keeps showing them before, during and after the move.
import { describe, expect, it } from 'vitest';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { LEGACY_CATALOG_PARTITION, catalogPartition, catalogShardOf } from '#lib/db/keys.ts';
import { plaqueRepo, toItem } from '#lib/db/plaque-repo.ts';
import { CATALOG_INDEX } from '#lib/db/table.ts';
import { backfillCatalogShards } from '#lib/plaques/catalog-backfill.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';

type Ctx = Awaited<ReturnType<typeof freshTable>>;

/** Stores plaques as the service did before sharding: every one under catpk = CATALOG. */
async function storeUnsharded(ctx: Ctx, ids: number[]): Promise<void> {
  for (const id of ids) {
    const item = { ...toItem(aPlaque({ id })), catpk: LEGACY_CATALOG_PARTITION };
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: item }));
  }
}

async function idsUnder(ctx: Ctx, partition: string): Promise<number[]> {
  const out = await dbOf(ctx).send(
    new QueryCommand({
      TableName: ctx.tableName,
      IndexName: CATALOG_INDEX,
      KeyConditionExpression: 'catpk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
    }),
  );
  return (out.Items ?? []).map((item) => Number(item.id)).sort((a, b) => a - b);
}

const listedIds = async (ctx: Ctx) =>
  (await featuredCatalog(ctx).list(listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC', limit: 100 }))).plaques.map((p) => p.id);

describe('catalogue shard backfill', () => {
  it('moves every unsharded plaque into its shard, keeps later writes, and moves nothing when run again', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    await storeUnsharded(ctx, ids);
    expect(await listedIds(ctx)).toEqual(ids);

    // A write while the backfill runs touches only catsk: it lands whichever partition the plaque is in.
    const [moved] = await Promise.all([backfillCatalogShards(ctx), plaqueRepo(dbOf(ctx), ctx.tableName).setFeatured(7, false, new Date())]);
    expect(moved).toBe(40);
    expect(await idsUnder(ctx, LEGACY_CATALOG_PARTITION)).toEqual([]);
    for (const id of ids) expect(await idsUnder(ctx, catalogPartition(catalogShardOf(id)))).toContain(id);

    expect(await listedIds(ctx)).toEqual(ids.filter((id) => id !== 7));
    expect(await backfillCatalogShards(ctx)).toBe(0);
    // A fresh listing (new cold start) sees the same catalogue from the shards alone.
    const cold = new CatalogProjection(ctx, { stalenessMs: 0 });
    const page = await cold.list(listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC', limit: 100 }), new Date(), stageValuesOf(ctx));
    expect(page.plaques.map((p) => p.id)).toEqual(ids.filter((id) => id !== 7));
  });
});
