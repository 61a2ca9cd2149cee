// The pure rules of order events: the documented retry schedule, stable event ids, the order of one order's events,
// the stream filter (in AWS form and in code), and sealed secrets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchesPattern } from '#lib/local/stream-poller.ts';
import { ORDER_STATUSES, type OrderStatus } from '#lib/partner/order.ts';
import { eventIdOf, positionOf } from '#lib/webhooks/events.ts';
import { judgeAttempt, RETRY_DELAYS_MS } from '#lib/webhooks/retry-schedule.ts';
import { localSecretBox, newWebhookSecret } from '#lib/webhooks/secrets.ts';
import { EVENT_STREAM_FILTERS, orderMoveOf } from '#lib/webhooks/stream-filter.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moveRecord, soldOrder } from './fixtures.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('the retry schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    const now = new Date('2026-01-01T00:00:00.000Z');
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempt) => {
      const verdict = judgeAttempt(attempt, false, now);
      return verdict.kind === 'retry' ? verdict.retryAt.getTime() - now.getTime() : null;
    });
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(judgeAttempt(8, false, now)).toEqual({ kind: 'failed' });
    expect(judgeAttempt(8, true, now)).toEqual({ kind: 'delivered' });
    expect(judgeAttempt(1, true, now)).toEqual({ kind: 'delivered' });
  });
});

const status = fc.constantFrom(...ORDER_STATUSES);
const move = fc.record({ orderId: fc.string({ minLength: 1 }), round: fc.nat({ max: 999 }), status });

describe('event ids', () => {
  // Equal moves have equal ids, and different moves different ones.
  it('derives the id from the order, the round and the status alone', () => {
    fc.assert(
      fc.property(move, move, (a, b) => {
        const same = a.orderId === b.orderId && a.round === b.round && a.status === b.status;
        expect(eventIdOf(a) === eventIdOf(b)).toBe(same);
        expect(eventIdOf(a)).toMatch(/^evt_[A-Za-z0-9_-]{32}$/);
      }),
    );
  });

  // Within a round the statuses follow the order's path; every move of a later round comes after every earlier one.
  it("sorts an order's events in the order of its moves", () => {
    const path: OrderStatus[] = ['SOLD', 'MINTING', 'DELIVERED'];
    const positions = [0, 1, 2].flatMap((round) => path.map((s) => positionOf({ round, status: s })));
    expect([...positions].sort()).toEqual(positions);
    expect(positionOf({ round: 0, status: 'FAILED' }) < positionOf({ round: 1, status: 'SOLD' })).toBe(true);
  });
});

describe('the stream filter', () => {
  const order = soldOrder(1);
  const cases: [string, ReturnType<typeof moveRecord>, OrderStatus | null][] = [
    ['a buy (INSERT, SOLD)', moveRecord(order, null), 'SOLD'],
    ['SOLD → MINTING', moveRecord({ ...order, status: 'MINTING' }, 'SOLD'), 'MINTING'],
    ['MINTING → DELIVERED', moveRecord({ ...order, status: 'DELIVERED' }, 'MINTING'), 'DELIVERED'],
    ['MINTING → FAILED', moveRecord({ ...order, status: 'FAILED' }, 'MINTING'), 'FAILED'],
    ['a re-queue FAILED → SOLD', moveRecord(order, 'FAILED', 1), 'SOLD'],
    ['a cancel FAILED → CANCELLED', moveRecord({ ...order, status: 'CANCELLED' }, 'FAILED'), 'CANCELLED'],
    ['a failed batch SOLD → FAILED', moveRecord({ ...order, status: 'FAILED' }, 'SOLD'), 'FAILED'],
    ['a re-queue MINTING → SOLD', moveRecord(order, 'MINTING', 1), 'SOLD'],
    ['the reconciler DELIVERED → SOLD', moveRecord(order, 'DELIVERED', 1), 'SOLD'],
    ['the reconciler DELIVERED → MINTING', moveRecord({ ...order, status: 'MINTING' }, 'DELIVERED', 1), 'MINTING'],
    ['a cancelled order written again (CANCELLED → CANCELLED)', moveRecord({ ...order, status: 'CANCELLED' }, 'CANCELLED'), null],
    ['a delivered order written again (DELIVERED → DELIVERED)', moveRecord({ ...order, status: 'DELIVERED' }, 'DELIVERED'), null],
    ['the signed mint stored (MINTING → MINTING)', moveRecord({ ...order, status: 'MINTING' }, 'MINTING'), null],
    ['a waiting order re-queued (SOLD → SOLD)', moveRecord(order, 'SOLD', 1), null],
  ];

  it.each(cases)('passes %s as the filter in AWS and the code agree', (_what, record, expected) => {
    expect(EVENT_STREAM_FILTERS.some((pattern) => matchesPattern(record, pattern))).toBe(expected !== null);
    expect(orderMoveOf(record)?.move.status ?? null).toBe(expected);
  });

  it('keeps other entities and removals out, and fits in the five patterns a mapping takes', () => {
    const other = moveRecord(order, null);
    other.dynamodb!.NewImage!.entity = { S: 'plaque' };
    const removal = { ...moveRecord(order, 'SOLD'), eventName: 'REMOVE' as const };
    for (const record of [other, removal]) {
      expect(EVENT_STREAM_FILTERS.some((pattern) => matchesPattern(record, pattern))).toBe(false);
      expect(orderMoveOf(record)).toBeNull();
    }
    expect(EVENT_STREAM_FILTERS.length).toBeLessThanOrEqual(5);
  });

  it('reads the round from the re-queue counter and the time from the move', () => {
    const moved = { ...order, status: 'MINTING' as const, updatedAt: '2026-02-03T04:05:06.789Z' };
    expect(orderMoveOf(moveRecord(moved, 'SOLD', 2))!.move).toEqual({
      orderId: order.orderId,
      partnerId: 1,
      status: 'MINTING',
      round: 2,
      at: '2026-02-03T04:05:06.789Z',
    });
  });
});

describe('endpoint secrets', () => {
  it('are whsec_ and 32 random bytes, and are stored sealed to their endpoint and partner', async () => {
    const box = localSecretBox(mkdtempSync(join(tmpdir(), 'secrets-')));
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const owner = { webhookId: 'wh_1', partnerId: 7 };
    const sealed = await box.seal(secret, owner);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(await box.open(sealed, owner)).toBe(secret);
    await expect(box.open(sealed, { webhookId: 'wh_2', partnerId: 7 })).rejects.toThrow();
    await expect(box.open(sealed, { webhookId: 'wh_1', partnerId: 8 })).rejects.toThrow();
  });
});
