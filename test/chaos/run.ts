// `npm run chaos [-- --orders 10 --kills 4]`: the crash test a person runs (test/chaos/harness.ts): N concurrent
// partner purchases per round, one SIGKILL of the whole local runtime per round (during a prepare, a buy, a mint,
// just after a delivery, in turn), a restart on the same DATA_DIR each time, then the invariants. Prints the figures
// and exits 1 when an invariant does not hold.
import { parseArgs } from 'node:util';
import { runChaos } from './harness.ts';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '10' }, kills: { type: 'string', default: '4' } },
});
const ordersPerRound = Number(values.orders);
const kills = Number(values.kills);
if (!(ordersPerRound > 0 && kills > 0)) throw new Error('--orders and --kills must be positive numbers');

const startedAt = Date.now();
const result = await runChaos({
  ordersPerRound,
  kills,
  log: (line) => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}`),
});
console.log('');
console.log(`kills              ${result.kills.length} (${result.kills.map((k) => k.moment).join(', ')})`);
console.log(`orders             ${result.orders}`);
console.log(`recovered          ${result.recovered} (not DELIVERED at the last restart, delivered after it without a person)`);
console.log(`time to recover    ${(result.timeToRecoverMs / 1000).toFixed(1)} s after the last restart (limit 120 s)`);
for (const [i, line] of result.reconciled.entries()) console.log(`restart ${i + 1}          ${line}`);
if (result.violations.length === 0) console.log('invariants         all hold');
else {
  console.log(`invariants         ${result.violations.length} violation(s):`);
  for (const violation of result.violations) console.log(`  - ${violation}`);
  process.exitCode = 1;
}
