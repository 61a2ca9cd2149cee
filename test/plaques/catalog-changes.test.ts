// The listing's freshness check through the `changes` index, against DynamoDB Local: one small query when nothing
// changed; the written plaques' records by key only when a few did; every shard for a burst.
import { describe, expect, it } from 'vitest';
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { CATALOG_SHARDS, catalogPartition, catalogSortKey } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';
import { described, recordIndexQueries } from './catalog-queries.ts';
import { dbOf } from '#lib/db/client.ts';

type Ctx = Awaited<ReturnType<typeof freshTable>>;

const byId = listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC', limit: 100 });

/** A warm listing over `plaques` (its cold read done), and the index queries it sends from then on. */
async function warmListing(ctx: Ctx, plaques: ReturnType<typeof aPlaque>[]) {
  await insertPlaques(ctx, plaques);
  const projection = new CatalogProjection(ctx, { stalenessMs: 0 });
  const list = async (now = new Date()) => (await projection.list(byId, now, stageValuesOf(ctx))).plaques;
  await list();
  return { projection, list, queries: recordIndexQueries(dbOf(ctx)) };
}

const hold = (minutes: number, now: Date) => ({
  reservationId: `res_${now.getTime()}`,
  expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
  partnerId: 1,
  apiKeyId: 'key_1',
  buyerWallet: '0x' + '1'.repeat(40),
  // The factory's price: a hold is placed only at the price it quotes.
  price: 100,
  currency: 'USD',
});

describe('freshness check through the changes index', () => {
  it('reads one query of the changes index, and no shard, when nothing changed', async () => {
    const ctx = await freshTable();
    const { list, queries } = await warmListing(
      ctx,
      Array.from({ length: 30 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    expect((await list()).map((p) => p.id)).toHaveLength(30);
    expect(described(queries)).toEqual(['changes plaque']);
    expect(queries[0]!.rows).toBe(0);
  });

  it('sees a feature, an unfeature, a hold and a new plaque, reading only the records of the plaques written', async () => {
    const ctx = await freshTable();
    const { list, queries } = await warmListing(ctx, [
      ...Array.from({ length: 30 }, (_, i) => aPlaque({ id: i + 1 })),
      aPlaque({ id: 36, featured: false, featuredAt: null }),
    ]);
    const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
    const now = new Date();
    await repo.setFeatured(3, false, now);
    await repo.setFeatured(36, true, now);
    expect((await repo.placeHold(5, hold(1, now), now)).kind).toBe('held');
    await insertPlaques(ctx, [aPlaque({ id: 47, updatedAt: now.toISOString() })]);

    const page = await list();
    expect(page.map((p) => p.id)).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1).filter((id) => id !== 3), 36, 47]);
    expect(page.find((p) => p.id === 5)!.status).toBe('LOCKED');
    // One query of positions (four), then the four records by key (one BatchGetItem): the page shows them as read, and
    // reads nothing more.
    expect(described(queries)).toEqual(['changes plaque', 'records by key']);
    expect(queries.map((q) => q.rows)).toEqual([4, 4]);

    // The re-read window returns the same positions again: the index holds them already, so nothing more is read.
    queries.length = 0;
    await list();
    expect(described(queries)).toEqual(['changes plaque']);

    // The hold lapses without any write: the listing shows the plaque AVAILABLE from the time it lapses.
    queries.length = 0;
    const later = await list(new Date(now.getTime() + 2 * 60_000));
    expect(later.find((p) => p.id === 5)!.status).toBe('AVAILABLE');
    expect(described(queries)).toEqual(['changes plaque']);
  });

  it('reads every shard when a burst of writes fills the changes page, and applies every write', async () => {
    const ctx = await freshTable();
    const { list, queries } = await warmListing(
      ctx,
      Array.from({ length: 60 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
    for (let id = 1; id <= 45; id++) await repo.setFeatured(id, false, new Date());
    expect((await list()).map((p) => p.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 46));
    expect(described(queries)).toEqual([
      'changes plaque',
      ...Array.from({ length: CATALOG_SHARDS }, (_, s) => `catalog ${catalogPartition(s)}`),
    ]);
    expect(queries[0]!.rows).toBe(40);
    expect(queries.slice(1).reduce((sum, q) => sum + q.rows, 0)).toBe(45);
  });

  it('shows the records of a burst read by key once, then from memory until they change again', async () => {
    const ctx = await freshTable();
    const { projection, queries } = await warmListing(
      ctx,
      Array.from({ length: 60 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    const unfeatured = listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC', limit: 100, filters: { featured: false } });
    const list = async () => (await projection.list(unfeatured, new Date(), stageValuesOf(ctx))).plaques;
    const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
    for (let id = 1; id <= 45; id++) await repo.setFeatured(id, false, new Date());
    const page = await list();
    expect(page.map((p) => [p.id, p.featured])).toEqual(Array.from({ length: 45 }, (_, i) => [i + 1, false]));
    // The burst's rows came from the shards; the page's 45 changed records were read by key, once.
    expect(described(queries).filter((q) => q === 'records by key')).toHaveLength(1);
    expect(queries.at(-1)!.rows).toBe(45);
    queries.length = 0;
    await list();
    await list();
    // The re-read window still returns the burst (every shard is read again for a few seconds), but no record.
    expect(described(queries)).not.toContain('records by key');
    expect(described(queries).filter((q) => q === 'changes plaque')).toHaveLength(2);
  });

  it('holds every plaque with its current position: the index every write moves', async () => {
    const ctx = await freshTable();
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const at = new Date('2026-11-02T10:00:00.000Z');
    await plaqueRepo(dbOf(ctx), ctx.tableName).setFeatured(2, false, at);
    // Index reads are eventually consistent: DynamoDB Local answers them at once.
    const recent = await catalogRepo(dbOf(ctx), ctx.tableName).recentChanges(catalogSortKey('2026-01-01T00:00:00.000Z', 0));
    expect(recent).toEqual({
      kind: 'read',
      positions: [
        { id: 1, updatedAt: '2026-01-02T00:00:00.000Z' },
        { id: 2, updatedAt: at.toISOString() },
      ],
      complete: true,
    });
  });
});
