// The featured listing: one projection of the catalogue per table, kept in memory across invocations
// (catalog-projection.ts), loaded from the catalogue snapshot the stage keeps (catalog-snapshot-store.ts). See
// docs/listing.md for the reasoning and docs/bench.md for the figures.
import { listingConfig } from '#lib/config.ts';
import { dbOf } from '#lib/db/client.ts';
import { CatalogProjection, type FeaturedPage } from '#lib/plaques/catalog-projection.ts';
import type { PlaqueStats } from '#lib/plaques/catalog-stats.ts';
import { localSnapshotStore, s3SnapshotStore, snapshotKey, type CatalogSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The snapshot store of a context: the one it was given, the stage's bucket in AWS, or a file under DATA_DIR. */
export function snapshotStoreOf(ctx: AppContext): CatalogSnapshotStore {
  if (ctx.catalogSnapshots) return ctx.catalogSnapshots;
  const config = listingConfig();
  return config.CATALOG_SNAPSHOT_BUCKET
    ? s3SnapshotStore(config.CATALOG_SNAPSHOT_BUCKET, snapshotKey(ctx.tableName), config.AWS_REGION)
    : localSnapshotStore(ctx.dataDir, ctx.tableName);
}

const projections = new WeakMap<object, Map<string, CatalogProjection>>();
/** Each projection's last statistics, and the sync they were computed after (epoch ms it started). */
const computedStats = new WeakMap<CatalogProjection, { syncedAt: number; stats: Promise<PlaqueStats> }>();

const stalenessOf = (ctx: AppContext): number => ctx.catalogStalenessMs ?? listingConfig().CATALOG_STALENESS_MS;

function projectionFor(ctx: AppContext): CatalogProjection {
  let byTable = projections.get(dbOf(ctx));
  if (!byTable) projections.set(dbOf(ctx), (byTable = new Map()));
  let projection = byTable.get(ctx.tableName);
  if (!projection) {
    projection = new CatalogProjection(ctx, {
      stalenessMs: stalenessOf(ctx),
      snapshots: snapshotStoreOf(ctx),
    });
    byTable.set(ctx.tableName, projection);
  }
  return projection;
}

export const featuredCatalog = (ctx: AppContext) => ({
  list: (input: ListFeaturedInput): Promise<FeaturedPage> => projectionFor(ctx).list(input, ctx.now(), stageValuesOf(ctx)),
  /**
   * The catalogue's statistics, as fresh as a listing page: an answer computed from a projection synced less than the
   * staleness bound ago is reused (requests at once share one computation); past it the projection is refreshed and
   * they are computed again.
   */
  stats(): Promise<PlaqueStats> {
    const projection = projectionFor(ctx);
    const last = computedStats.get(projection);
    if (last && Date.now() - last.syncedAt < stalenessOf(ctx)) return last.stats;
    const computing = projection.stats(ctx.now());
    // Until computed, requests share this one; it is then dated by the sync it was computed after.
    const entry = { syncedAt: Date.now(), stats: computing };
    computedStats.set(projection, entry);
    computing.then(
      () => (entry.syncedAt = projection.syncedAtMs),
      () => computedStats.get(projection) === entry && computedStats.delete(projection),
    );
    return computing;
  },
  /**
   * Resolves once the listing holds its snapshot's records object (`npm start` shows it as a start-up step): the records
   * held, of how many plaques, and the milliseconds from its cold start until they were taken.
   */
  async recordsHeld(): Promise<{ records: number; plaques: number; ms: number }> {
    const projection = projectionFor(ctx);
    await projection.recordsReady();
    return { records: projection.records.count, plaques: projection.index.size, ms: projection.coldStart?.recordsLoadMs ?? 0 };
  },
});
