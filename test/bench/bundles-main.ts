// Runs only the bundle bench section: `npx tsx test/bench/bundles-main.ts [runs]`.
import { runBundleBench } from './bundles.ts';

await runBundleBench(process.argv[2] ? { runs: Number(process.argv[2]) } : {});
