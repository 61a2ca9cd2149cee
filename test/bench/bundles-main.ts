// Runs only the bundle bench section: `npx tsx test/bench/bundles-main.ts [runs]`.
import { runBundleBench } from './bundles.ts';

await runBundleBench({ runs: process.argv[2] ? Number(process.argv[2]) : 7 });
