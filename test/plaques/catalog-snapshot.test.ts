// The catalogue snapshot against DynamoDB Local: the writer makes it when due, and a cold listing that loads it reads
// only the index rows written after it, yet answers exactly as one that read the whole index; it carries every
// plaque's currency, so the statistics computed from it read no record by key.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { handler as writeSnapshotHandler } from '#functions/plaques/write-catalog-snapshot.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { fileSnapshotStore, localSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { SNAPSHOT_AFTER_CHANGES, writeCatalogSnapshot } from '#lib/plaques/catalog-snapshot-writer.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';
import { CATALOG_INDEX, CHANGES_INDEX } from '#lib/db/table.ts';
import { described, recordIndexQueries } from './catalog-queries.ts';
import { statsModel } from './stats-model.ts';
import { decodeSnapshot, encodeSnapshot } from '#lib/plaques/catalog-snapshot.ts';
import { dbOf } from '#lib/db/client.ts';

const input = (members: Record<string, unknown> = {}) => listFeaturedInput.parse(members);

describe('catalogue snapshot', () => {
  it('carries every currency: statistics from it read no record by key, and equal those of a full read, which reads them', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    const recently = new Date(Date.now() - 3_600_000).toISOString();
    const plaques = Array.from({ length: 30 }, (_, i) =>
      aPlaque({
        id: i + 1,
        price: 10 + i,
        currency: i % 2 === 0 ? 'USD' : 'EUR',
        ...(i % 4 === 3 && { status: 'SOLD' as const, saleAt: recently }),
        updatedAt: '2026-01-02T00:00:00.000Z',
      }),
    );
    await insertPlaques(ctx, plaques);
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    expect(await writeCatalogSnapshot({ ...ctx, store })).toMatchObject({ written: true, plaques: 30 });

    const queries = recordIndexQueries(dbOf(ctx));
    // Without its records object: every currency the statistics need comes from the snapshot itself.
    const fromSnapshot = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store, records: 'when needed' });
    const now = new Date();
    const stats = await fromSnapshot.stats(now);
    expect(queries.filter((q) => q.index === 'records')).toEqual([]);
    expect(stats).toEqual(statsModel(plaques, now.getTime()));
    expect(stats.floor.map((f) => f.currency)).toEqual(['EUR', 'USD']);
    // The full read's rows carry no currency: the statistics read those they need by key, once.
    const fullRead = new CatalogProjection(ctx, { stalenessMs: 0 });
    expect(await fullRead.stats(now)).toEqual(stats);
    expect(queries.filter((q) => q.index === 'records').map((q) => q.rows)).toEqual([30]);
    await fullRead.stats(now);
    expect(queries.filter((q) => q.index === 'records')).toHaveLength(1);

    // A snapshot of an earlier version holds no currency: the statistics wait for the records object and take them there.
    const earlier = decodeSnapshot((await store.read())!);
    delete earlier.parts.currency;
    await store.write(encodeSnapshot(earlier));
    const fromEarlier = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store });
    expect(await fromEarlier.stats(now)).toEqual(stats);
    expect(queries.filter((q) => q.index === 'records')).toHaveLength(1);
  });

  it('lets a cold listing read only the rows written after the snapshot, and answer as a full read does', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(
      ctx,
      Array.from({ length: 60 }, (_, i) => aPlaque({ id: i + 1, featured: i % 3 !== 0, updatedAt: '2026-01-02T00:00:00.000Z' })),
    );
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    const first = await writeCatalogSnapshot({ ...ctx, store });
    expect(first).toMatchObject({ written: true, plaques: 60, changes: 60 });

    // Written after the snapshot: two changes the snapshot does not hold.
    const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
    await repo.setFeatured(1, true, new Date());
    await repo.setFeatured(2, false, new Date());

    const queries = recordIndexQueries(dbOf(ctx));
    // The records object arrives after the first page here (it is fetched beside the snapshot and taken once in).
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const late = { ...store, readRecords: () => arrived.then(() => store.readRecords()) };
    const fromSnapshot = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: late });
    const fullRead = new CatalogProjection(ctx, { stalenessMs: 0 });
    const query = input({ orderBy: 'p.id', sort: 'ASC', limit: 100 });
    const page = await fromSnapshot.list(query, new Date(), stageValuesOf(ctx));
    expect(fromSnapshot.coldStart).toMatchObject({ fromSnapshot: true, rowsRead: 2 });
    // The changes index names the two plaques; only their records are read, by key (and, at a cold start, the
    // partition of plaques indexed before sharding answers whether any is left). The page reads the rest of its records
    // by key: the records object is not in yet.
    expect(queries.filter((q) => q.index === CHANGES_INDEX).map((q) => q.rows)).toEqual([2]);
    expect(queries.filter((q) => q.index === CATALOG_INDEX).map((q) => q.partition)).toEqual(['CATALOG']);
    expect(queries.filter((q) => q.index === 'records').map((q) => q.rows)).toEqual([2, page.plaques.length - 1]);
    expect(page).toEqual(await fullRead.list(query, new Date(), stageValuesOf(ctx)));
    expect(page.plaques.map((p) => p.id)).toContain(1);
    expect(page.plaques.map((p) => p.id)).not.toContain(2);

    // Once the snapshot's records are taken, the cold listing holds every plaque's current record: pages of any
    // query read none by key, and answer as the full read does.
    release();
    await fromSnapshot.recordsReady();
    expect(fromSnapshot.records.count).toBe(60);
    expect(fromSnapshot.coldStart!.recordsLoaded).toBe(60 - page.plaques.length - 1);
    const unfeatured = input({ orderBy: 'p.updated_at', sort: 'DESC', limit: 100, filters: { featured: false } });
    const expected = await fullRead.list(unfeatured, new Date(), stageValuesOf(ctx));
    queries.length = 0;
    expect(await fromSnapshot.list(unfeatured, new Date(), stageValuesOf(ctx))).toEqual(expected);
    expect(described(queries)).toEqual(['changes plaque']);
  });

  it('opens the records object while the snapshot is decoded: a first page after it reads no record by key', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(
      ctx,
      Array.from({ length: 40 }, (_, i) => aPlaque({ id: i + 1, updatedAt: '2026-01-02T00:00:00.000Z' })),
    );
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    expect(await writeCatalogSnapshot({ ...ctx, store })).toMatchObject({ written: true, plaques: 40 });

    // The snapshot arrives only once the records object is open (or, if it were opened after the snapshot, 2 s later).
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const slow = {
      ...store,
      read: async () => {
        await Promise.race([open, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        return store.read();
      },
    };
    // Within its staleness bound the page waits for no read of what changed: it is answered once the index is in.
    const cold = new CatalogProjection(ctx, { stalenessMs: 60_000, snapshots: slow });
    const openRecords = cold.records.open.bind(cold.records);
    cold.records.open = async (...args) => {
      const object = await openRecords(...args);
      opened();
      return object;
    };
    const queries = recordIndexQueries(dbOf(ctx));
    const page = await cold.list(input({ orderBy: 'p.id', sort: 'ASC', limit: 30 }), new Date(), stageValuesOf(ctx));
    expect(page.plaques.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(queries.filter((q) => q.index === 'records')).toEqual([]);
  });

  it('completes the records of a snapshot that lacks them over bounded runs, then waits for changes again', async () => {
    const ctx = await freshTable();
    await insertPlaques(
      ctx,
      Array.from({ length: 25 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    // A snapshot as earlier versions wrote it: the index alone.
    const earlier = new CatalogProjection(ctx, { stalenessMs: 0 });
    await earlier.refresh();
    await store.write(earlier.snapshot(Date.now()));

    const runs = [];
    for (let i = 0; i < 4; i++) runs.push(await writeCatalogSnapshot({ ...ctx, store, now: () => new Date(), recordReadLimit: 10 }));
    expect(runs.map((r) => [r.written, r.recordsRead])).toEqual([
      [true, 10],
      [true, 10],
      [true, 5],
      [false, 0],
    ]);
    // A cold listing of the completed snapshot holds every record once it has taken them: its pages read none by key.
    const cold = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store });
    await cold.refresh();
    await cold.recordsReady();
    expect(cold.records.count).toBe(25);
    const queries = recordIndexQueries(dbOf(ctx));
    const page = await cold.list(input({ orderBy: 'p.id', sort: 'ASC', limit: 100 }), new Date(), stageValuesOf(ctx));
    expect(page.plaques).toHaveLength(25);
    expect(described(queries)).toEqual(['changes plaque']);
  });

  it('takes the records object again once a burst of writes ends, so pages of the burst read no record by key', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(
      ctx,
      Array.from({ length: 10 }, (_, i) => aPlaque({ id: i + 1 })),
    );
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    await writeCatalogSnapshot({ ...ctx, store, force: true });
    const listing = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: store });
    await listing.recordsReady();
    expect(listing.records.count).toBe(10);

    // An import: more plaques than one read of the changes index names, then its snapshot with every record.
    await insertPlaques(
      ctx,
      Array.from({ length: 60 }, (_, i) => aPlaque({ id: i + 11 })),
    );
    const t = Date.now();
    await listing.refresh(t);
    expect(listing.index.size).toBe(70);
    await writeCatalogSnapshot({ ...ctx, store, now: () => new Date(), force: true });
    // The next check finds no burst (its re-read window is past the writes): the burst has ended, the object is taken.
    await listing.refresh(t + 10_000);
    await listing.refresh(t + 10_000);
    await listing.recordsReady();
    expect(listing.records.count).toBe(70);
    const queries = recordIndexQueries(dbOf(ctx));
    const page = await listing.list(input({ orderBy: 'p.id', sort: 'ASC', limit: 100 }), new Date(), stageValuesOf(ctx));
    expect(page.plaques).toHaveLength(70);
    expect(queries.filter((q) => q.index === 'records')).toEqual([]);
  });

  it('leaves a snapshot written meanwhile that holds as many records, and replaces one that holds fewer', async () => {
    const ctx = await freshTable();
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    await writeCatalogSnapshot({ ...ctx, store, now: () => new Date(Date.now() - 60_000), force: true });
    const older = (await store.read())!;
    // This run loads the older snapshot; another run writes a newer one before it is done.
    const racing = (newer: () => Promise<unknown>) => {
      let first = true;
      return {
        ...store,
        read: async () => {
          if (!first) return store.read();
          first = false;
          await newer();
          return older;
        },
      };
    };
    const complete = await writeCatalogSnapshot({
      ...ctx,
      store: racing(() => writeCatalogSnapshot({ ...ctx, store, now: () => new Date(), force: true })),
      force: true,
    });
    expect(complete).toMatchObject({ written: false, kept: 'newer snapshot' });
    const earlier = new CatalogProjection(ctx, { stalenessMs: 0 });
    await earlier.refresh();
    const replaced = await writeCatalogSnapshot({
      ...ctx,
      store: racing(() => store.write(earlier.snapshot(Date.now() + 1000))),
      force: true,
    });
    expect(replaced).toMatchObject({ written: true, recordsHeld: 2 });
  });

  it('writes a new snapshot only when enough changed or it has aged, unless forced', async () => {
    const ctx = await freshTable();
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const store = fileSnapshotStore(join(ctx.dataDir, 'snapshot.bin'));
    expect((await writeCatalogSnapshot({ ...ctx, store })).written).toBe(true);
    await plaqueRepo(dbOf(ctx), ctx.tableName).setFeatured(1, false, new Date());
    const later = await writeCatalogSnapshot({ ...ctx, store });
    expect(later).toMatchObject({ written: false, changes: 1 });
    expect(later.changes).toBeLessThan(SNAPSHOT_AFTER_CHANGES);
    const hourLater = await writeCatalogSnapshot({ ...ctx, store, now: () => new Date(Date.now() + 3_600_000) });
    expect(hourLater.written).toBe(true);
    expect((await writeCatalogSnapshot({ ...ctx, store, force: true })).written).toBe(true);
  });

  it('is written by the scheduled function where the listing of the same table finds it (DATA_DIR locally)', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2, featured: false, featuredAt: null })]);
    const run = await writeSnapshotHandler();
    expect(run).toMatchObject({ written: true, plaques: 2 });
    expect(await localSnapshotStore(ctx.dataDir, ctx.tableName).read()).not.toBeNull();
    expect((await featuredCatalog(ctx).list(input())).plaques.map((p) => p.id)).toEqual([1]);
  });

  it('falls back to reading the whole index when the snapshot cannot be read', async () => {
    const ctx = await freshTable({ catalogStalenessMs: 0 });
    await insertPlaques(ctx, [aPlaque({ id: 1 }), aPlaque({ id: 2 })]);
    const file = join(ctx.dataDir, 'snapshot.bin');
    await writeFile(file, 'not a snapshot');
    const projection = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: fileSnapshotStore(file) });
    expect(
      (await projection.list(input({ orderBy: 'p.id', sort: 'ASC' }), new Date(), stageValuesOf(ctx))).plaques.map((p) => p.id),
    ).toEqual([1, 2]);
    expect(projection.coldStart).toMatchObject({ fromSnapshot: false, rowsRead: 2 });
  });
});
