// The acceptance path end to end: a partner buys over HTTP, DynamoDB Local's stream feeds the delivery worker module
// (through the local poller and the same filter as AWS), anvil mints, and polling the order ends in DELIVERED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { listUndeliveredOrders, requeueDelivery } from '#lib/delivery/undelivered.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aHeldPlaque, aPartner, call, type TestPartner } from '../partner/fixtures.ts';
import { aReceiver, setReceiverOpen } from '../support/receivers.ts';
import { deliveryChain, mintsOf, startDeliveryWorker } from './fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let server: LocalServer;
let poller: StreamPoller;
let partner: TestPartner;
let keys = 0;
/** The stage's block explorer, as a stage names it. */
const EXPLORER = 'https://explorer.example/';

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0, explorerBaseUrl: EXPLORER });
  server = await startLocalServer({ ctx, port: 0 });
  poller = await startDeliveryWorker(ctx);
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await poller?.stop();
  await server?.close();
});

async function buy(plaqueId: number, reservationId: string, wallet: string): Promise<string> {
  const reply = await call(server.url, 'POST', `/partner/plaques/${plaqueId}/buy`, {
    key: partner.apiKey,
    body: { reservationId, buyerWallet: wallet },
    headers: { 'idempotency-key': `flow-${Date.now()}-${keys++}` },
  });
  if (reply.status !== 201) throw new Error(`buy answered ${reply.status}: ${reply.text}`);
  expect(reply.json.status).toBe('SOLD');
  return reply.json.orderId as string;
}

/** Polls the order as a partner does until it reaches `status` (the worker runs in the background). */
async function pollOrder(orderId: string, status: string) {
  const seen: string[] = [];
  for (let i = 0; i < 400; i++) {
    const reply = await call(server.url, 'GET', `/partner/orders/${orderId}`, { key: partner.apiKey });
    expect(reply.status).toBe(200);
    if (seen.at(-1) !== reply.json.status) seen.push(reply.json.status);
    if (reply.json.status === status) return { order: reply.json, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`order ${orderId} never became ${status}; it went ${seen.join(' → ')}`);
}

describe('buy, then poll the order until DELIVERED', () => {
  it('delivers the token to the buyer wallet, and lists the plaque as MINTED with minted: true', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner, { featured: true });
    const orderId = await buy(plaque.id, reservationId, wallet);

    const { order, seen } = await pollOrder(orderId, 'DELIVERED');
    expect(order).toEqual({
      orderId,
      status: 'DELIVERED',
      plaqueId: plaque.id,
      plaqueName: plaque.name,
      price: plaque.price,
      currency: plaque.currency,
      buyerWallet: wallet,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      explorerUrl: `https://explorer.example/tx/${order.txHash}`,
      tokenUrl: `https://explorer.example/token/${own.chain.contractAddress}?a=${plaque.id}`,
      failureReason: null,
      cancelReason: null,
      createdAt: expect.any(String),
      updatedAt: order.deliveredAt,
      deliveredAt: expect.any(String),
      mintCost: {
        gas: expect.any(Number),
        gasPriceWei: expect.stringMatching(/^\d+$/),
        feeWei: expect.stringMatching(/^\d+$/),
        tokensInTransaction: expect.any(Number),
      },
    });
    expect(BigInt(order.mintCost.feeWei)).toBe(BigInt(order.mintCost.gas) * BigInt(order.mintCost.gasPriceWei));
    expect(Date.parse(order.deliveredAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
    expect(seen.every((s) => ['SOLD', 'MINTING', 'DELIVERED'].includes(s))).toBe(true);
    expect(await own.chain.balanceOf(wallet as Address, BigInt(plaque.id))).toBe(1n);

    const listing = await call(server.url, 'POST', '/plaques/featured', { body: { filters: { status: ['MINTED'] }, search: plaque.name } });
    expect(listing.status).toBe(200);
    expect(listing.json.plaques).toEqual([
      expect.objectContaining({
        id: plaque.id,
        status: 'MINTED',
        minted: true,
        tokenId: String(plaque.id),
        token_id: String(plaque.id),
        mintedAt: expect.any(String),
      }),
    ]);
  });

  // Ten holds, ten buys and ten mints in one test: more than the default 30 s when other files share the cores.
  it('delivers ten buys made at once in batches: each token minted once, each order with its share of its transaction', async () => {
    const held = await Promise.all(Array.from({ length: 10 }, () => aHeldPlaque(ctx, server.url, partner)));
    const orderIds = await Promise.all(held.map((h) => buy(h.plaque.id, h.reservationId, h.wallet)));
    const delivered = await Promise.all(orderIds.map((id) => pollOrder(id, 'DELIVERED')));
    const byTransaction = new Map<string, number>();
    for (const { order } of delivered) byTransaction.set(order.txHash, (byTransaction.get(order.txHash) ?? 0) + 1);
    for (const { order } of delivered) expect(order.mintCost.tokensInTransaction).toBe(byTransaction.get(order.txHash));
    for (const h of held) {
      expect(await own.chain.balanceOf(h.wallet as Address, BigInt(h.plaque.id))).toBe(1n);
      expect(await mintsOf(own.chain, BigInt(h.plaque.id))).toBe(1);
    }
  }, 90_000);

  it('delivers a FAILED order again once an operator re-queues it (the stream picks up its return to SOLD)', async () => {
    // The buyer's wallet is a contract whose owner closed it to tokens after prepare checked it, and opens it later.
    const receiver = await aReceiver('SwitchableReceiver');
    await setReceiverOpen(receiver, true);
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner, {}, receiver);
    await setReceiverOpen(receiver, false);
    const orderId = await buy(plaque.id, reservationId, wallet);
    const failed = (await pollOrder(orderId, 'FAILED')).order;
    expect(failed).toMatchObject({
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      tokenUrl: null,
      deliveredAt: null,
      mintCost: null,
      failureReason: expect.stringContaining('NOT_MINTABLE'),
    });
    expect(await listUndeliveredOrders(ctx)).toContainEqual(
      expect.objectContaining({ orderId, status: 'FAILED', reason: expect.stringContaining('NOT_MINTABLE') }),
    );

    await setReceiverOpen(receiver, true);
    expect(await requeueDelivery(ctx, orderId)).toEqual({ orderId, was: 'FAILED' });
    expect((await pollOrder(orderId, 'DELIVERED')).order).toMatchObject({ failureReason: null, deliveredAt: expect.any(String) });
    expect(await own.chain.balanceOf(wallet as Address, BigInt(plaque.id))).toBe(1n);
    expect((await listUndeliveredOrders(ctx)).map((o) => o.orderId)).not.toContain(orderId);
  });
});
