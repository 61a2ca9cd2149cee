// The pure delivery rules: what the sender does with an order, what an operator may re-queue, why a delivery fails.
import { describe, expect, it } from 'vitest';
import {
  failedAsAlreadyMinted,
  failures,
  nextStep,
  noDelivery,
  requeueDecision,
  type DeliveryState,
  type OrderForDelivery,
} from '#lib/delivery/delivery-state.ts';
import type { OrderStatus } from '#lib/partner/order.ts';
import { anOrder as aStoredOrder } from '../support/factories.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function anOrder(status: OrderStatus, delivery: Partial<DeliveryState> = {}, failureReason: string | null = null): OrderForDelivery {
  return { order: aStoredOrder({ orderId: 'ord_1', status, failureReason }), delivery: { ...noDelivery(), ...delivery } };
}

describe('nextStep', () => {
  it('sends a SOLD order', () => {
    expect(nextStep(anOrder('SOLD'), NOW)).toBe('send');
  });

  it('leaves a MINTING order of a batch to that batch', () => {
    expect(nextStep(anOrder('MINTING', { attemptId: 'mb_1', batchId: 'mb_1' }), NOW)).toBe('in-batch');
  });

  it('leaves an order claimed by a single-mint worker of an earlier version to it while its claim is live, and takes it over after', () => {
    expect(nextStep(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(1) }), NOW)).toBe('busy');
    expect(nextStep(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(0) }), NOW)).toBe('take-over');
    expect(nextStep(anOrder('MINTING'), NOW)).toBe('take-over');
  });

  it('does nothing more with a DELIVERED, FAILED or CANCELLED order', () => {
    expect(nextStep(anOrder('DELIVERED'), NOW)).toBe('settled');
    expect(nextStep(anOrder('FAILED'), NOW)).toBe('settled');
    expect(nextStep(anOrder('CANCELLED'), NOW)).toBe('settled');
  });
});

describe('requeueDecision', () => {
  it('re-queues a FAILED order, a SOLD one, and a MINTING one nothing follows', () => {
    expect(requeueDecision(anOrder('FAILED'), NOW, false)).toEqual({ kind: 'requeue-failed' });
    expect(requeueDecision(anOrder('SOLD'), NOW, false)).toEqual({ kind: 'requeue-waiting' });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'mb_1', batchId: 'mb_1' }), NOW, false)).toEqual({ kind: 'requeue-stuck' });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(-1) }), NOW, false)).toEqual({ kind: 'requeue-stuck' });
  });

  it('refuses a delivered order, one whose batch is in flight and one a live claim holds, saying why', () => {
    expect(requeueDecision(anOrder('DELIVERED'), NOW, false)).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('already delivered'),
    });
    expect(requeueDecision(anOrder('CANCELLED'), NOW, false)).toEqual({ kind: 'refused', reason: expect.stringContaining('is cancelled') });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'mb_1', batchId: 'mb_1' }), NOW, true)).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('batch mb_1'),
    });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(5_000) }), NOW, false)).toEqual({
      kind: 'refused',
      reason: expect.stringContaining(`until ${at(5_000)}`),
    });
  });
});

describe('failures', () => {
  it('tells a failure whose token exists elsewhere by its kind, or by its words when it was recorded before kinds', () => {
    const minted = failures.refused({ reason: 'ALREADY_MINTED', detail: 'AlreadyMinted' });
    expect(failedAsAlreadyMinted(anOrder('FAILED', { failureKind: minted.kind }, minted.reason))).toBe(true);
    expect(
      failedAsAlreadyMinted(anOrder('FAILED', {}, 'ALREADY_MINTED: the token was already minted to another account (AlreadyMinted)')),
    ).toBe(true);
    const refused = failures.refusedInBatch('0xabc', { reason: 'NOT_MINTABLE', detail: 'ERC1155InvalidReceiver' });
    expect(refused.reason).toContain("the buyer's wallet refused the token");
    expect(failedAsAlreadyMinted(anOrder('FAILED', { failureKind: refused.kind }, refused.reason))).toBe(false);
    expect(failedAsAlreadyMinted(anOrder('FAILED', {}, 'token id abc is not a uint256'))).toBe(false);
  });
});
