// The in-memory catalogue against DynamoDB Local: it follows writes incrementally and never scans.
import { describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { CATALOG_SHARDS } from '#lib/db/keys.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';

const input = (members: Record<string, unknown> = {}) => listFeaturedInput.parse(members);

/** Records the DynamoDB operations a client sends. */
function recordCommands(ctx: Awaited<ReturnType<typeof freshTable>>): string[] {
  const names: string[] = [];
  dbOf(ctx).middlewareStack.add(
    (next, context) => async (args) => {
      names.push(context.commandName as string);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return names;
}

describe('featured catalogue', () => {
  it('shows a newly featured plaque and drops an unfeatured one after the next refresh', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(ctx, [aPlaque({ id: 1, featured: true }), aPlaque({ id: 2, featured: false, featuredAt: null })]);
    const catalog = featuredCatalog(ctx);
    expect((await catalog.list(input())).plaques.map((p) => p.id)).toEqual([1]);

    const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
    await repo.setFeatured(2, true, new Date());
    await repo.setFeatured(1, false, new Date());
    const page = await catalog.list(input());
    expect(page.plaques.map((p) => p.id)).toEqual([2]);
    expect(page.plaques[0]!.featuredAt).not.toBeNull();
  });

  it('reads only what changed since the last refresh, from every shard in parallel, and never scans', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(
      ctx,
      Array.from({ length: 30 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    const commands = recordCommands(ctx);
    const catalog = featuredCatalog(ctx);
    await catalog.list(input({ limit: 5 }));
    // Cold: every shard's rows and the unsharded partition's (with whether it holds any row), then the page's records.
    expect(commands).toEqual([...Array(CATALOG_SHARDS + 2).fill('QueryCommand'), 'BatchGetItemCommand']);
    commands.length = 0;
    await catalog.list(input({ limit: 5 }));
    // Warm: one freshness query of the changes index (its rows were all applied already); the records are cached.
    expect(commands).toEqual(['QueryCommand']);
  });

  it('serves from memory without any read while the listing is fresh enough', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 60_000 });
    await insertPlaques(ctx, [aPlaque({ id: 1 })]);
    const catalog = featuredCatalog(ctx);
    await catalog.list(input());
    const commands = recordCommands(ctx);
    await catalog.list(input());
    expect(commands).toEqual([]);
  });

  it('shows a hold that has lapsed as AVAILABLE and an operator lock as LOCKED', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const ctx = await freshTable({ catalogStalenessMs: 0, now: () => now });
    await insertPlaques(ctx, [
      aPlaque({ id: 1, status: 'LOCKED', lockExpiresAt: '2026-06-01T11:59:59.000Z' }),
      aPlaque({ id: 2, status: 'LOCKED', lockExpiresAt: null }),
      aPlaque({ id: 3, status: 'LOCKED', lockExpiresAt: '2026-06-01T12:05:00.000Z' }),
    ]);
    const page = await featuredCatalog(ctx).list(input({ orderBy: 'p.id', sort: 'ASC' }));
    expect(page.plaques.map((p) => [p.id, p.status])).toEqual([
      [1, 'AVAILABLE'],
      [2, 'LOCKED'],
      [3, 'LOCKED'],
    ]);
    const available = await featuredCatalog(ctx).list(input({ filters: { status: ['AVAILABLE'] } }));
    expect(available.plaques.map((p) => p.id)).toEqual([1]);
  });

  it('moves a plaque from LOCKED to AVAILABLE in filters and order the moment its hold lapses', async () => {
    let now = new Date('2026-06-01T12:00:00.000Z');
    const ctx = await freshTable({ catalogStalenessMs: 60_000, now: () => now });
    await insertPlaques(ctx, [
      aPlaque({ id: 1, status: 'LOCKED', lockExpiresAt: '2026-06-01T12:00:01.000Z' }),
      aPlaque({ id: 2, status: 'SOLD' }),
      aPlaque({ id: 3 }),
    ]);
    const catalog = featuredCatalog(ctx);
    const byStatus = async (status: string) => (await catalog.list(input({ filters: { status } }))).plaques.map((p) => p.id);
    const statusOrder = async () => (await catalog.list(input({ orderBy: 'p.status', sort: 'ASC' }))).plaques.map((p) => p.id);
    expect(await byStatus('LOCKED')).toEqual([1]);
    expect(await statusOrder()).toEqual([3, 1, 2]);
    now = new Date('2026-06-01T12:00:02.000Z');
    expect(await byStatus('LOCKED')).toEqual([]);
    expect(await byStatus('AVAILABLE')).toEqual([3, 1]);
    expect(await statusOrder()).toEqual([1, 3, 2]);
    expect((await catalog.list(input({ orderBy: 'p.status', sort: 'DESC' }))).plaques.map((p) => [p.id, p.status])).toEqual([
      [2, 'SOLD'],
      [3, 'AVAILABLE'],
      [1, 'AVAILABLE'],
    ]);
  });

  it('never lists a deleted plaque', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(ctx, [aPlaque({ id: 1, deletedAt: '2026-01-05T00:00:00.000Z' }), aPlaque({ id: 2 })]);
    expect((await featuredCatalog(ctx).list(input())).plaques.map((p) => p.id)).toEqual([2]);
  });

  it('keeps the stored record free of hold details on the wire', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(ctx, [aPlaque({ id: 1, status: 'LOCKED', lockExpiresAt: null, reservationId: 'res_1' })]);
    const [plaque] = (await featuredCatalog(ctx).list(input())).plaques;
    expect(Object.keys(plaque!)).not.toContain('reservationId');
    expect(Object.keys(plaque!)).not.toContain('lockExpiresAt');
    // The newest version's Plaque: 2026-11-28 answers no duplicate token_id (docs/versions.md).
    expect(Object.keys(plaque!)).toHaveLength(27);
    expect(Object.keys(plaque!)).not.toContain('token_id');
  });
});

describe('catalogue sync window', () => {
  /** Index rows read so far by the client's queries (a running total) and the number of queries sent. */
  function recordQueryRows(ctx: Awaited<ReturnType<typeof freshTable>>): { rows: number; queries: number } {
    const seen = { rows: 0, queries: 0 };
    dbOf(ctx).middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'QueryCommand') {
          seen.queries += 1;
          seen.rows += (result.output as { Count?: number }).Count ?? 0;
        }
        return result;
      },
      { step: 'initialize', name: 'recordQueryRows' },
    );
    return seen;
  }

  it('re-reads recent writes for a few seconds, then only what is new, even when many rows share one timestamp', async () => {
    const ctx = await freshTable();
    const writtenAt = Date.now();
    const stamp = new Date(writtenAt).toISOString();
    await insertPlaques(
      ctx,
      Array.from({ length: 30 }, (_, i) => aPlaque({ id: i + 1, updatedAt: stamp })),
    );
    const seen = recordQueryRows(ctx);
    const projection = new CatalogProjection(ctx, { stalenessMs: 0 });
    const rowsPerRefresh: number[] = [];
    for (const at of [100, 1_000, 6_000, 12_000, 13_000]) {
      const before = seen.rows;
      await projection.refresh(writtenAt + at);
      rowsPerRefresh.push(seen.rows - before);
    }
    // Full read; the lag window still covers the writes twice (positions only: the rows are applied already, so no
    // shard is read); then nothing is read again.
    expect(rowsPerRefresh).toEqual([30, 30, 30, 0, 0]);
    expect(seen.queries).toBe(CATALOG_SHARDS + 2 + 4);
  });

  it('refreshes in the background past 80% of the staleness bound, and waits only past the bound', async () => {
    const ctx = await freshTable();
    await insertPlaques(ctx, [aPlaque({ id: 1 })]);
    const seen = recordQueryRows(ctx);
    const projection = new CatalogProjection(ctx, { stalenessMs: 1000 });
    const t0 = Date.now();
    await projection.refresh(t0);
    const cold = seen.queries;
    expect(cold).toBe(CATALOG_SHARDS + 2);
    await projection.refresh(t0 + 500);
    expect(seen.queries).toBe(cold);
    await projection.refresh(t0 + 850);
    // Served at once: the background queries have not answered yet.
    expect(seen.queries).toBe(cold);
    await projection.refresh(t0 + 2000);
    // Past the bound: this one waited, behind the background sync (one query of the changes index) that then finished.
    expect(seen.queries).toBeGreaterThanOrEqual(cold + 1);
  });
});
