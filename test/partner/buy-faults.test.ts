// Faults DynamoDB Local never produces, injected with an AWS SDK middleware on the real client: transaction
// conflicts, throttling, and timeouts after the write was applied. The API answers 409/503, never 500, the records
// stay consistent, and a retry with the same Idempotency-Key gets the one true outcome.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, aPartner, call, intercept, interceptTransactions, type TestPartner } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let removers: (() => void)[] = [];

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterEach(() => {
  for (const remove of removers) remove();
  removers = [];
});

afterAll(async () => {
  await server.close();
});

const metadata = { $metadata: {} };
const conflictCancellation = () =>
  new TransactionCanceledException({
    ...metadata,
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict, None]',
    CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
  });
const throughputExceeded = () =>
  new ProvisionedThroughputExceededException({
    ...metadata,
    message: 'The level of configured provisioned throughput for the table was exceeded.',
  });
const throttledCancellation = () =>
  new TransactionCanceledException({
    ...metadata,
    message: 'Transaction cancelled [ThrottlingError]',
    CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }, { Code: 'None' }],
  });
const timeout = () => Object.assign(new Error('Connection timed out after 3000 ms'), { name: 'TimeoutError' });

const buy = (id: number, body: unknown, idempotencyKey: string) =>
  call(server.url, 'POST', `/partner/plaques/${id}/buy`, { key: partner.apiKey, body, headers: { 'idempotency-key': idempotencyKey } });

const ordersOf = async (plaqueId: number) =>
  (await partnerOrderRepo(dbOf(ctx), ctx.tableName).listByPartner(partner.userId)).filter((o) => o.plaqueId === plaqueId);

/** The plaque is still held under its reservation and nothing was sold. */
async function expectUnsold(plaqueId: number, reservationId: string) {
  const record = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaqueId);
  expect(record?.plaque.status).toBe('LOCKED');
  expect(record?.hold?.reservationId).toBe(reservationId);
  expect(await ordersOf(plaqueId)).toEqual([]);
}

/** Sold exactly once, to the order the response named. */
async function expectSoldOnce(plaqueId: number, orderId: string) {
  const record = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaqueId);
  expect(record).toMatchObject({ orderId, plaque: { status: 'SOLD' } });
  expect((await ordersOf(plaqueId)).map((o) => o.orderId)).toEqual([orderId]);
}

describe('buy under injected DynamoDB faults', () => {
  it('retries a transaction conflict and succeeds when it clears', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    let conflicts = 2;
    removers.push(interceptTransactions(ctx, async (send) => (conflicts-- > 0 ? Promise.reject(conflictCancellation()) : send())));
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-conflict-once');
    expect(reply.status).toBe(201);
    expect(conflicts).toBe(-1);
    await expectSoldOnce(plaque.id, reply.json.orderId);
  });

  it('answers 409 CONFLICT when conflicts persist, leaves everything unsold, and the same key then succeeds', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const remove = interceptTransactions(ctx, async () => Promise.reject(conflictCancellation()));
    removers.push(remove);
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-conflict-always');
    expect(reply.status).toBe(409);
    expect(reply.json).toMatchObject({ code: 'CONFLICT' });
    expect(reply.headers.get('retry-after')).toBe('1');
    await expectUnsold(plaque.id, reservationId);

    remove();
    const retry = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-conflict-always');
    expect(retry.status).toBe(201);
    await expectSoldOnce(plaque.id, retry.json.orderId);
  });

  for (const [name, fault, key] of [
    ['ProvisionedThroughputExceededException', throughputExceeded, 'fault-throughput'],
    ['a transaction cancelled for throttling', throttledCancellation, 'fault-throttled-cancel'],
  ] as const) {
    it(`answers 503 with Retry-After on ${name}, and the same key then succeeds`, async () => {
      const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
      const remove = interceptTransactions(ctx, async () => Promise.reject(fault()));
      removers.push(remove);
      const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      expect(reply.status).toBe(503);
      expect(reply.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      await expectUnsold(plaque.id, reservationId);

      remove();
      const retry = await buy(plaque.id, { reservationId, buyerWallet: wallet }, key);
      expect(retry.status).toBe(201);
      await expectSoldOnce(plaque.id, retry.json.orderId);
    });
  }

  it('answers 503 when reads are throttled too, never 500', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    removers.push(intercept(ctx, 'GetItemCommand', async () => Promise.reject(throughputExceeded())));
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-read-throttle');
    expect(reply.status).toBe(503);
    expect(reply.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('finds out a sale applied before a timeout and answers it; a retry replays the same answer', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    removers.push(
      interceptTransactions(ctx, async (send) => {
        await send();
        throw timeout();
      }),
    );
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-timeout-applied');
    expect(reply.status).toBe(201);
    await expectSoldOnce(plaque.id, reply.json.orderId);
    const retry = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-timeout-applied');
    expect(retry.text).toBe(reply.text);
  });

  it('answers 503 when even the follow-up read fails after a timeout; the retry returns the sale that did happen', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const removeTimeout = interceptTransactions(ctx, async (send) => {
      await send();
      throw timeout();
    });
    const removeReads = intercept(ctx, 'GetItemCommand', async (send, input) =>
      String(input?.Key?.pk?.S ?? input?.Key?.pk ?? '').startsWith('IDEMPOTENCY#') ? Promise.reject(timeout()) : send(),
    );
    removers.push(removeTimeout, removeReads);
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-timeout-unreadable');
    expect(reply.status).toBe(503);
    expect(reply.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const [order] = await ordersOf(plaque.id);
    expect(order).toBeDefined();
    await expectSoldOnce(plaque.id, order!.orderId);

    removeTimeout();
    removeReads();
    const retry = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-timeout-unreadable');
    expect(retry.status).toBe(201);
    expect(retry.json.orderId).toBe(order!.orderId);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('retries a transaction that timed out before it was applied, and sells once', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    let timeouts = 1;
    removers.push(interceptTransactions(ctx, async (send) => (timeouts-- > 0 ? Promise.reject(timeout()) : send())));
    const reply = await buy(plaque.id, { reservationId, buyerWallet: wallet }, 'fault-timeout-not-applied');
    expect(reply.status).toBe(201);
    await expectSoldOnce(plaque.id, reply.json.orderId);
  });
});
