// The crash test in `npm test`: two kills of the whole local runtime, its chain mining a block every 2 s so that orders
// go out in batches (once a batch is mined but not recorded, and just after a delivery, the moment a chain not yet
// saved loses its newest mint) with a few purchases each; every invariant must hold.
import { describe, expect, it } from 'vitest';
import { runChaos } from './harness.ts';

describe('the local runtime killed with SIGKILL and restarted', () => {
  it('loses no order, delivers every one without a person, mints each token once, replays every key and keeps the ledger', async () => {
    const result = await runChaos({ ordersPerRound: 4, kills: 2, moments: ['mined', 'delivered'], blockTime: 2 });
    expect(result.violations).toEqual([]);
    expect(result.kills.map((k) => k.moment)).toEqual(['mined', 'delivered']);
    expect(result.orders).toBe(8);
    // Orders sold together went out together: fewer transactions than orders.
    expect(result.transactions).toBeLessThan(result.orders);
    expect(result.timeToRecoverMs).toBeLessThanOrEqual(120_000);
  }, 600_000);
});
