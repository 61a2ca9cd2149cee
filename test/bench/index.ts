// `npm run bench`: prints the listing figures, the listing as visitors meet it over HTTP, the bundle figures, a password burst, the code request timing, the plaque reads' capacity, a statement of 100 000 sales, the dashboard's size, the catalogue's statistics and a burst of sales delivered; asserts nothing and writes nothing tracked.
import '#lib/runtime/node-support.ts';
import { parseArgs } from 'node:util';
import { runListingBench } from './listing.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', short: 'o' },
    duration: { type: 'string', short: 'd' },
    /** Catalogue sizes for the listing at scale, e.g. `--scale 100000,1000000`. */
    scale: { type: 'string', short: 's' },
    /** Catalogue sizes for the listing's visits over HTTP, e.g. `--visits 100000,1000000` (default 240, 2000, 100000). */
    visits: { type: 'string' },
    /** Plaques in the data folder `npm start` is timed on (default 100000). */
    'start-size': { type: 'string' },
    /** Plaques of the cold listing instance `--only start` times after npm start (default 1000000). */
    'cold-size': { type: 'string' },
    /** Fresh processes per bundle in the bundles section (median reported), e.g. `--runs 31` on a loaded machine. */
    runs: { type: 'string', short: 'r' },
    /** The bundles section without its instruction counts (valgrind), which take about three minutes. */
    'skip-instructions': { type: 'boolean' },
    /** Sales in the delivery section's burst (default 1000). */
    'delivery-orders': { type: 'string' },
    /** Seconds between the local chain's blocks, one burst of each pace (default 2,12). */
    'delivery-block-times': { type: 'string' },
  },
});

console.log('# Plaque API bench');
if (values.scale) {
  const { runScaleBench } = await import('./listing-scale.ts');
  await runScaleBench(values.scale.split(',').map((n) => Number(n.replace(/_/g, ''))));
  process.exit(0);
}
if (values.visits) {
  const { runListingVisitsBench } = await import('./listing-visits.ts');
  await runListingVisitsBench(values.visits.split(',').map((n) => Number(n.replace(/_/g, ''))));
  process.exit(0);
}
if (!values.only || values.only === 'listing') await runListingBench({ durationSeconds: values.duration ? Number(values.duration) : 10 });
if (!values.only || values.only === 'visits') {
  const { runListingVisitsBench } = await import('./listing-visits.ts');
  await runListingVisitsBench([240, 2_000, 100_000]);
}
if (!values.only || values.only === 'start') {
  const { runStartScaleBench } = await import('./start-scale.ts');
  await runStartScaleBench(
    Number((values['start-size'] ?? '100000').replace(/_/g, '')),
    Number((values['cold-size'] ?? '1000000').replace(/_/g, '')),
  );
}
if (!values.only || values.only === 'bundles') {
  const { runBundleBench } = await import('./bundles.ts');
  await runBundleBench({ ...(values.runs && { runs: Number(values.runs) }), instructions: !values['skip-instructions'] });
}
if (!values.only || values.only === 'passwords') {
  const { runPasswordBurstBench } = await import('./password-burst.ts');
  await runPasswordBurstBench();
}
if (!values.only || values.only === 'code-timing') {
  const { runCodeTimingBench } = await import('./code-timing.ts');
  await runCodeTimingBench();
}
if (!values.only || values.only === 'plaque-reads') {
  const { runPlaqueReadsBench } = await import('./plaque-reads.ts');
  await runPlaqueReadsBench();
}
if (!values.only || values.only === 'statement') {
  const { runStatementBench } = await import('./statement.ts');
  await runStatementBench();
}
if (!values.only || values.only === 'dashboard') {
  const { runDashboardBench } = await import('./dashboard.ts');
  await runDashboardBench();
}
if (!values.only || values.only === 'stats') {
  const { runStatsBench } = await import('./stats.ts');
  await runStatsBench();
}
if (!values.only || values.only === 'delivery') {
  const { runDeliveryBench } = await import('./delivery.ts');
  await runDeliveryBench(
    Number((values['delivery-orders'] ?? '1000').replace(/_/g, '')),
    (values['delivery-block-times'] ?? '2,12').split(',').map(Number),
  );
}
