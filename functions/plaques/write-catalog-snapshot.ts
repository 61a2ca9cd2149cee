// Catalogue snapshot writer, run on a schedule (not an HTTP route): keeps the listing's cold start to a snapshot
// load plus the index rows changed since it.
import { logger } from '#lib/runtime/logger.ts';
import { snapshotStoreOf } from '#lib/plaques/featured-catalog.ts';
import { writeCatalogSnapshotOf, type SnapshotRun } from '#lib/plaques/catalog-snapshot-writer.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (): Promise<SnapshotRun> => {
  const ctx = appContext();
  const store = snapshotStoreOf(ctx);
  const run = await writeCatalogSnapshotOf(ctx, store);
  logger.info(run.written ? 'catalogue snapshot written' : 'catalogue snapshot still current', { ...run, location: store.location });
  return run;
};
