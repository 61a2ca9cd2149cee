// `npm run chaos [-- --orders 6 --kills 6 --cancels 1 --block-time 1]`: the crash test a person runs
// (test/chaos/harness.ts): N concurrent partner purchases per round and M made to fail and then cancelled, a block every
// `--block-time` seconds so that orders go out in batches, one SIGKILL of the whole local runtime per round (during a
// prepare, a buy, while a batch is in flight, once a batch is mined before it is recorded, just after a delivery,
// during a cancellation, in turn), a restart on the same DATA_DIR each time, then the invariants. Prints the figures
// and exits 1 when an invariant does not hold.
import { parseArgs } from 'node:util';
import { runChaos } from './harness.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '6' },
    kills: { type: 'string', default: '6' },
    cancels: { type: 'string', default: '1' },
    'block-time': { type: 'string', default: '1' },
  },
});
const ordersPerRound = Number(values.orders);
const kills = Number(values.kills);
const cancelsPerRound = Number(values.cancels);
const blockTime = Number(values['block-time']);
if (!(ordersPerRound > 0 && kills > 0)) throw new Error('--orders and --kills must be positive numbers');
if (!(cancelsPerRound >= 0)) throw new Error('--cancels must be a number, 0 or more');
if (!(Number.isInteger(blockTime) && blockTime >= 0))
  throw new Error('--block-time must be a whole number of seconds, 0 for a block per transaction');

const startedAt = Date.now();
const result = await runChaos({
  ordersPerRound,
  kills,
  cancelsPerRound,
  ...(blockTime > 0 && { blockTime }),
  log: (line) => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}`),
});
console.log('');
console.log(`kills              ${result.kills.length} (${result.kills.map((k) => k.moment).join(', ')})`);
console.log(`orders             ${result.orders} (${result.cancelled} made to fail, then cancelled with npm run ops -- cancel-order)`);
console.log(`recovered          ${result.recovered} (not DELIVERED at the last restart, delivered after it without a person)`);
console.log(
  `batches            ${result.orders - result.cancelled} delivered order(s) minted in ${result.transactions} transaction(s), at most ${result.largestBatch} in one (a block every ${blockTime} s)`,
);
console.log(`time to recover    ${(result.timeToRecoverMs / 1000).toFixed(1)} s after the last restart (limit 120 s)`);
for (const [i, line] of result.reconciled.entries()) console.log(`restart ${i + 1}          ${line}`);
if (result.violations.length === 0) console.log('invariants         all hold');
else {
  console.log(`invariants         ${result.violations.length} violation(s):`);
  for (const violation of result.violations) console.log(`  - ${violation}`);
  process.exitCode = 1;
}
