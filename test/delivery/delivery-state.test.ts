// The pure delivery rules: what a worker does with an order, what an operator may re-queue, how long claims last.
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LEASE_MS,
  LEASE_MARGIN_MS,
  leaseUntil,
  nextStep,
  noDelivery,
  requeueDecision,
  type DeliveryState,
  type OrderForDelivery,
} from '#lib/delivery/delivery-state.ts';
import type { Order, OrderStatus } from '#lib/partner/order.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function anOrder(status: OrderStatus, delivery: Partial<DeliveryState> = {}): OrderForDelivery {
  const order: Order = {
    orderId: 'ord_1',
    partnerId: 1,
    apiKeyId: 'key_1',
    plaqueId: 7,
    plaqueName: 'ABC-0007',
    reservationId: 'res_1',
    buyerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    price: 10,
    currency: 'USD',
    tokenId: '7',
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    status,
    txHash: null,
    failureReason: null,
    cancelReason: null,
    createdAt: at(-60_000),
    updatedAt: at(-60_000),
    deliveredAt: null,
  };
  return { order, delivery: { ...noDelivery(), ...delivery } };
}

describe('nextStep', () => {
  it('claims a SOLD order', () => {
    expect(nextStep(anOrder('SOLD'), NOW)).toBe('claim');
  });

  it('leaves a MINTING order to the worker whose claim is live', () => {
    expect(nextStep(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(1) }), NOW)).toBe('busy');
  });

  it('takes over a MINTING order whose claim lapsed (its worker died), or that has no lease at all', () => {
    expect(nextStep(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(0) }), NOW)).toBe('take-over');
    expect(nextStep(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(-1) }), NOW)).toBe('take-over');
    expect(nextStep(anOrder('MINTING'), NOW)).toBe('take-over');
  });

  it('does nothing more with a DELIVERED, FAILED or CANCELLED order', () => {
    expect(nextStep(anOrder('DELIVERED'), NOW)).toBe('settled');
    expect(nextStep(anOrder('FAILED'), NOW)).toBe('settled');
    expect(nextStep(anOrder('CANCELLED'), NOW)).toBe('settled');
  });
});

describe('requeueDecision', () => {
  it('re-queues a FAILED order, a SOLD one, and a MINTING one whose worker stopped', () => {
    expect(requeueDecision(anOrder('FAILED'), NOW)).toEqual({ kind: 'requeue-failed' });
    expect(requeueDecision(anOrder('SOLD'), NOW)).toEqual({ kind: 'requeue-waiting' });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(-1) }), NOW)).toEqual({ kind: 'requeue-stuck' });
  });

  it('refuses a delivered order and one a live worker holds, saying why', () => {
    expect(requeueDecision(anOrder('DELIVERED'), NOW)).toEqual({ kind: 'refused', reason: expect.stringContaining('already delivered') });
    expect(requeueDecision(anOrder('CANCELLED'), NOW)).toEqual({ kind: 'refused', reason: expect.stringContaining('is cancelled') });
    expect(requeueDecision(anOrder('MINTING', { attemptId: 'a', leaseUntil: at(5_000) }), NOW)).toEqual({
      kind: 'refused',
      reason: expect.stringContaining(`until ${at(5_000)}`),
    });
  });
});

describe('leaseUntil', () => {
  it("lasts just past the run's deadline when it is known, else a whole worker run", () => {
    expect(leaseUntil(NOW, 30_000)).toBe(at(30_000 + LEASE_MARGIN_MS));
    expect(leaseUntil(NOW, null)).toBe(at(DELIVERY_LEASE_MS));
  });
});
