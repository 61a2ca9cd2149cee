// Listing semantics against DynamoDB Local: for random catalogues and random parameters, the handler's page and
// count equal a straightforward reference filter / sort / slice over the same records; so do the pages of a listing
// that follows random writes, lapsing holds and snapshot reloads. Some records are stored with the values of earlier
// versions (GOOD, PRIMARY, null image, ...): the listing treats them as the interface's values they stand for.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { handler } from '#functions/plaques/list-featured.ts';
import { join } from 'node:path';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { fileSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { aPlaque } from '../support/factories.ts';
import { freshTable } from '../support/db.ts';
import { invoke } from '../support/events.ts';
import { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import { CHANGES_PAGE } from '#lib/db/catalog-repo.ts';
import { CATALOG_INDEX, CHANGES_INDEX } from '#lib/db/table.ts';
import { recordIndexQueries } from './catalog-queries.ts';
import { NOW, asStored, catalogueArb, invalidRange, paramsArb, plaqueArb, reference, toStored, type ValueOf } from './listing-reference.ts';

type Params = ValueOf<typeof paramsArb>;

/** The parameters as a query string, with filters in JSON or in one of the bracket forms. */
function asQuery(params: Params, form: 'json' | 'brackets' | 'indexed'): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  const { filters, ...rest } = params;
  for (const [name, value] of Object.entries(rest)) query[name] = [String(value)];
  if (filters !== undefined) {
    if (form === 'json') query.filters = [JSON.stringify(filters)];
    else
      for (const [name, value] of Object.entries(filters)) {
        if (Array.isArray(value)) value.forEach((v, i) => (query[`filters[${name}][${form === 'indexed' ? i : ''}]`] ??= []).push(v));
        else query[`filters[${name}]`] = [String(value)];
      }
  }
  return query;
}

async function list(params: Params, via: 'json' | 'brackets' | 'indexed' | 'body') {
  const response =
    via === 'body'
      ? await invoke(handler, {
          method: 'POST',
          path: '/plaques/featured',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
      : await invoke(handler, { path: '/plaques/featured', query: asQuery(params, via) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json as { count: number; plaques: { id: number }[]; nextCursor: string | null };
}

describe('featured listing semantics', () => {
  it('answers every valid query with the reference page and count, whatever the encoding', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueArb, async (specs) => {
        const catalogue = specs.map((spec, i) => toStored(spec, i + 1));
        await freshTable({ now: () => NOW, catalogStalenessMs: 0 });
        const { appContext } = await import('#lib/runtime/context.ts');
        await insertPlaques(appContext(), asStored(specs, catalogue));
        await fc.assert(
          fc.asyncProperty(
            paramsArb.filter((p) => !invalidRange(p)),
            fc.constantFrom('json', 'brackets', 'indexed', 'body'),
            async (params, via) => {
              const expected = reference(catalogue, params, NOW);
              const page = await list(params, via as 'json');
              expect(page.count).toBe(expected.count);
              expect(page.plaques.map((p) => p.id)).toEqual(expected.ids);
              // Records in the old shape are answered in the interface's values and types all the same.
              expect(featuredPageSchema.schema().safeParse(page).error).toBeUndefined();
            },
          ),
          { numRuns: 40 },
        );
      }),
      { numRuns: 6 },
    );
    // Each of its 240 listings queries all 16 shards of DynamoDB Local: slow on a busy machine.
  }, 120_000);

  it('pages read by following cursors equal the pages read with skip', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        paramsArb.filter((p) => !invalidRange(p)),
        fc.integer({ min: 1, max: 7 }),
        async (specs, params, limit) => {
          const catalogue = specs.map((spec, i) => toStored(spec, i + 1));
          await freshTable({ now: () => NOW, catalogStalenessMs: 0 });
          const { appContext } = await import('#lib/runtime/context.ts');
          await insertPlaques(appContext(), asStored(specs, catalogue));
          const base = { ...params, limit, skip: 0 };
          let cursorPage = await list(base, 'body');
          for (let skip = 0; ; skip += limit) {
            const skipPage = await list({ ...base, skip }, 'json');
            expect(cursorPage.plaques.map((p) => p.id)).toEqual(skipPage.plaques.map((p) => p.id));
            expect(cursorPage.count).toBe(skipPage.count);
            if (cursorPage.nextCursor === null) {
              expect(skip + limit).toBeGreaterThanOrEqual(skipPage.count);
              break;
            }
            cursorPage = await list({ ...base, cursor: cursorPage.nextCursor } as Params, 'body');
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  // Every freshness check goes through the changes index: a few writes read only their shards, a burst of more than
  // a page of positions reads every shard, and a listing started from a snapshot asks the index what changed since.
  it('follows any interleaving of new plaques, features, bursts, holds, lapsing holds and snapshot reloads, as the reference does', async () => {
    const paths = { changes: 0, targeted: 0, burst: 0 };
    const stepArb = fc.oneof(
      fc.record({ kind: fc.constant('feature' as const), id: fc.integer({ min: 1, max: 30 }), featured: fc.boolean() }),
      fc.record({ kind: fc.constant('insert' as const), spec: plaqueArb }),
      // An import of more plaques than a page of positions holds.
      fc.record({
        kind: fc.constant('burst' as const),
        specs: fc.array(plaqueArb, { minLength: CHANGES_PAGE, maxLength: CHANGES_PAGE + 10 }),
      }),
      fc.record({ kind: fc.constant('hold' as const), id: fc.integer({ min: 1, max: 30 }), minutes: fc.integer({ min: 1, max: 10 }) }),
      fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 0, max: 6 }) }),
      fc.constant({ kind: 'snapshot' as const }),
      fc.record({ kind: fc.constant('query' as const), params: paramsArb.filter((p) => !invalidRange(p)) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(plaqueArb, { minLength: 1, maxLength: 30 }),
        fc.array(stepArb, { minLength: 1, maxLength: 14 }),
        async (specs, steps) => {
          let now = NOW.getTime();
          const ctx = await freshTable({ now: () => new Date(now) });
          const catalogue = specs.map((spec, i) => toStored(spec, i + 1));
          await insertPlaques(ctx, asStored(specs, catalogue));
          const known = new Map(catalogue.map((p) => [p.id, p]));
          const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
          const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
          let projection = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store });
          const queries = recordIndexQueries(dbOf(ctx));
          // Every write is stamped a second after the one before, like writes that do not share a millisecond.
          const write = async (change: (at: Date) => Promise<unknown>, id: number) => {
            now += 1000;
            await change(new Date(now)).catch(() => undefined);
            const stored = await repo.get(id);
            if (stored) known.set(id, stored);
          };
          for (const step of steps) {
            if (step.kind === 'feature' && known.has(step.id)) await write((at) => repo.setFeatured(step.id, step.featured, at), step.id);
            if (step.kind === 'insert') {
              const id = Math.max(...known.keys()) + 1;
              const plaque = { ...toStored(step.spec, id), updatedAt: new Date(now + 1000).toISOString() };
              await write(() => insertPlaques(ctx, asStored([step.spec], [plaque])), id);
            }
            if (step.kind === 'burst') {
              const first = Math.max(...known.keys()) + 1;
              now += 1000;
              const at = new Date(now).toISOString();
              const plaques = step.specs.map((spec, i) => ({ ...toStored(spec, first + i), updatedAt: at }));
              await insertPlaques(ctx, asStored(step.specs, plaques));
              for (const [id, stored] of await repo.getMany(plaques.map((p) => p.id))) known.set(id, stored);
            }
            if (step.kind === 'hold' && known.has(step.id)) {
              const hold = (at: Date) =>
                repo.placeHold(
                  step.id,
                  {
                    reservationId: `res_${now}`,
                    expiresAt: new Date(at.getTime() + step.minutes * 60_000).toISOString(),
                    partnerId: 1,
                    apiKeyId: 'key_1',
                    buyerWallet: '0x' + '1'.repeat(40),
                    price: known.get(step.id)!.price,
                    currency: known.get(step.id)!.currency,
                  },
                  at,
                );
              await write(hold, step.id);
            }
            if (step.kind === 'advance') now += step.minutes * 60_000;
            if (step.kind === 'snapshot') {
              await writeCatalogSnapshot({ ...ctx, store, force: true });
              projection = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store });
            }
            if (step.kind === 'query') {
              const expected = reference([...known.values()], step.params, new Date(now));
              const page = await projection.list(listFeaturedInput.parse(step.params), new Date(now), stageValuesOf(ctx));
              expect(page.count).toBe(expected.count);
              expect(page.plaques.map((p) => p.id)).toEqual(expected.ids);
            }
          }
          // How each check went: after a changes query, the shards read (catalog queries before the next changes query).
          queries.forEach((q, i) => {
            if (q.index !== CHANGES_INDEX) return;
            paths.changes++;
            const next = queries.slice(i + 1).findIndex((r) => r.index === CHANGES_INDEX);
            const shards = queries.slice(i + 1, next < 0 ? undefined : i + 1 + next).filter((r) => r.index === CATALOG_INDEX).length;
            if (q.rows >= CHANGES_PAGE) paths.burst++;
            else if (shards > 0) paths.targeted++;
          });
        },
      ),
      {
        numRuns: 20,
        // One run known to take every path, whatever the random ones draw.
        examples: [
          [
            fc.sample(plaqueArb, { numRuns: 12, seed: 7 }),
            [
              { kind: 'query', params: {} },
              { kind: 'feature', id: 2, featured: false },
              { kind: 'insert', spec: fc.sample(plaqueArb, { numRuns: 1, seed: 8 })[0]! },
              { kind: 'query', params: { orderBy: 'p.id', sort: 'ASC' } },
              { kind: 'burst', specs: fc.sample(plaqueArb, { numRuns: CHANGES_PAGE + 3, seed: 9 }) },
              { kind: 'query', params: {} },
              // A minute on, the snapshot's re-read window no longer holds the burst: the listing started from it reads
              // the one feature below by key, and asks whether plaques indexed before sharding remain (its shards).
              { kind: 'advance', minutes: 1 },
              { kind: 'snapshot' },
              { kind: 'feature', id: 3, featured: true },
              { kind: 'query', params: { orderBy: 'p.updated_at', sort: 'DESC' } },
            ],
          ],
        ],
      },
    );
    // The runs went through every path of the check.
    expect(paths.changes).toBeGreaterThan(0);
    expect(paths.targeted).toBeGreaterThan(0);
    expect(paths.burst).toBeGreaterThan(0);
  }, 240_000);

  it('shows a write within the staleness bound (1 s) without any further request', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 1000 });
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const projection = new CatalogProjection(ctx, { stalenessMs: 1000 });
    const featured = async () =>
      (await projection.list(listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC' }), new Date(), stageValuesOf(ctx))).plaques.map(
        (p) => p.id,
      );
    expect(await featured()).toEqual([1, 2]);
    await plaqueRepo(dbOf(ctx), ctx.tableName).setFeatured(2, false, new Date());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await featured()).toEqual([1]);
  });
});
