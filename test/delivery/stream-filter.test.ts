// The delivery stream filter: which records start a delivery, the shape Lambda's FilterCriteria accepts, and the
// worker's own check agreeing with it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DELIVERY_STREAM_FILTERS, soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import { matchesPattern } from '#lib/local/stream-poller.ts';
import { anOrderRecord } from './fixtures.ts';

const passes = (record: unknown) => DELIVERY_STREAM_FILTERS.some((pattern) => matchesPattern(record, pattern));

describe('DELIVERY_STREAM_FILTERS', () => {
  it('lets through a sold order inserted by a buy and one modified back to SOLD by a re-queue', () => {
    expect(passes(anOrderRecord('ord_1', { eventName: 'INSERT' }))).toBe(true);
    expect(passes(anOrderRecord('ord_1', { eventName: 'MODIFY' }))).toBe(true);
  });

  it("keeps out the worker's own progress, removals and every other entity", () => {
    for (const status of ['MINTING', 'DELIVERED', 'FAILED'])
      expect(passes(anOrderRecord('ord_1', { eventName: 'MODIFY', status }))).toBe(false);
    expect(passes(anOrderRecord('ord_1', { eventName: 'REMOVE' }))).toBe(false);
    expect(passes(anOrderRecord('ord_1', { entity: 'plaque' }))).toBe(false);
    expect(passes(anOrderRecord('ord_1', { entity: 'undeliveredOrder' }))).toBe(false);
  });

  it('is a Lambda filter pattern: plain JSON whose leaves are arrays of accepted values', () => {
    const leaves = (value: unknown): unknown[] =>
      Array.isArray(value) ? [value] : Object.values(value as Record<string, unknown>).flatMap(leaves);
    for (const pattern of DELIVERY_STREAM_FILTERS) {
      expect(JSON.parse(JSON.stringify(pattern))).toEqual(pattern);
      for (const leaf of leaves(pattern)) {
        expect(Array.isArray(leaf) && leaf.length > 0 && leaf.every((v) => typeof v === 'string')).toBe(true);
      }
    }
  });

  // Invariant: the worker asks to deliver exactly the records the event source's filter lets through.
  it("agrees with the worker's own check on every record", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('INSERT', 'MODIFY', 'REMOVE'),
        fc.constantFrom('SOLD', 'MINTING', 'DELIVERED', 'FAILED', 'AVAILABLE'),
        fc.constantFrom('order', 'plaque', 'undeliveredOrder', 'idempotency'),
        (eventName, status, entity) => {
          const record = anOrderRecord('ord_p', { eventName, status, entity });
          expect(soldOrderIdOf(record) !== null).toBe(passes(record));
        },
      ),
    );
  });
});
