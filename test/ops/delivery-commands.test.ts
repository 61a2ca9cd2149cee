// The ops commands for deliveries: the list of orders not delivered (age, reason) read from the undelivered index,
// the re-queue of a failed or stuck order and the cancellation of a failed one; in process and through `npm run ops`.
import { OPS_CLI } from '../support/ops-cli.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { formatEther, type Hex } from 'viem';
import { AppError } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { reconcileDeliveries } from '#lib/delivery/reconcile.ts';
import { sendMints } from '#lib/delivery/send-mints.ts';
import { cancelOrder, requeueDelivery } from '#lib/delivery/undelivered.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { formatAge, retryDelivery, undeliveredOrders } from '#lib/ops/delivery-commands.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aWallet } from '../partner/fixtures.ts';
import { aSeller, aSoldOrder, claimedBySingleMintWorker, deliverNow, deliveryChain, type SoldOrder } from '../delivery/fixtures.ts';
import { aReceiver } from '../support/receivers.ts';

const run = promisify(execFile);

let own: OwnChain;
let ctx: AppContext;
let seller: Partner;
let target: { endpoint: string; table: string };
let waiting: SoldOrder;
let failed: SoldOrder;
let stuck: SoldOrder;
let busy: SoldOrder;
let delivered: SoldOrder;

const orders = () => deliveryOrderRepo(dbOf(ctx), ctx.tableName);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain });
  seller = await aSeller(ctx);
  target = { endpoint: inject('dynamoEndpoint'), table: ctx.tableName };

  waiting = await aSoldOrder(ctx, seller);
  failed = await aSoldOrder(ctx, seller);
  await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, failed.tokenId));
  await deliverNow(ctx, failed.orderId);
  expect((await orders().getForDelivery(failed.orderId))!.order.status).toBe('FAILED');
  // Claimed by a single-mint worker of an earlier version: one stopped (its claim lapsed), one still at work.
  stuck = await aSoldOrder(ctx, seller);
  await claimedBySingleMintWorker(ctx, stuck.orderId, -1_000, { raw: '0x01', hash: `0x${'cd'.repeat(32)}`, nonce: 999 });
  busy = await aSoldOrder(ctx, seller);
  await claimedBySingleMintWorker(ctx, busy.orderId, 600_000);
  delivered = await aSoldOrder(ctx, seller);
  await deliverNow(ctx, delivered.orderId);
  expect((await orders().getForDelivery(delivered.orderId))!.order.status).toBe('DELIVERED');
});

describe('deliveries', () => {
  it('lists every order not delivered, oldest first, with its age and reason', async () => {
    const list = await undeliveredOrders(target);
    expect(list.map((o) => o.orderId)).toEqual([waiting, failed, stuck, busy].map((o) => o.orderId));
    const [w, f, s, b] = list;
    expect(w).toMatchObject({
      status: 'SOLD',
      plaqueId: waiting.plaque.id,
      buyerWallet: waiting.wallet,
      attempts: 0,
      reason: 'waiting for the delivery worker',
    });
    expect(f).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      txHash: expect.stringMatching(/^0x/),
      reason: expect.stringContaining('ALREADY_MINTED'),
    });
    expect(s).toMatchObject({
      status: 'MINTING',
      reason: expect.stringMatching(/^stuck minting \(tx 0xcdcd.*retry-delivery re-queues it$/),
    });
    expect(b).toMatchObject({ status: 'MINTING', reason: expect.stringContaining('a worker holds it until') });
    for (const o of list) {
      expect(o.ageMs).toBeGreaterThanOrEqual(0);
      expect(o.ageMs).toBeLessThan(10 * 60_000);
    }
  });

  it('writes ages in their two largest units', () => {
    expect([12_000, 249_000, 7_500_000, 273_600_000].map(formatAge)).toEqual(['12s', '4m 09s', '2h 05m', '3d 04h']);
  });
});

describe('retry-delivery', () => {
  it('re-queues a FAILED order as SOLD, clearing the failed attempt', async () => {
    const order = await aSoldOrder(ctx, seller);
    await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, order.tokenId));
    await deliverNow(ctx, order.orderId);
    expect(await retryDelivery(target, order.orderId)).toEqual({ orderId: order.orderId, was: 'FAILED' });
    const { order: requeued, delivery } = (await orders().getForDelivery(order.orderId))!;
    expect(requeued).toMatchObject({ status: 'SOLD', failureReason: null, txHash: null });
    expect(delivery).toMatchObject({ requeues: 1, mint: null, batchId: null, failureKind: null, attempts: 1 });
  });

  it('re-queues a MINTING order nothing follows any more, for a new batch', async () => {
    expect(await retryDelivery(target, stuck.orderId)).toEqual({ orderId: stuck.orderId, was: 'MINTING' });
    const { order, delivery } = (await orders().getForDelivery(stuck.orderId))!;
    expect(order).toMatchObject({ status: 'SOLD', txHash: null });
    expect(delivery).toMatchObject({ mint: null, batchId: null });
    await deliverNow(ctx, stuck.orderId);
    expect((await orders().getForDelivery(stuck.orderId))!.order.status).toBe('DELIVERED');
  });

  it('refuses an order whose batch is in flight, one a live claim holds, a delivered one and an unknown one', async () => {
    const inFlight = await aSoldOrder(ctx, seller);
    const sent = await sendMints(ctx, [inFlight.orderId]);
    expect(await refusal(retryDelivery(target, inFlight.orderId))).toMatchObject({
      status: 409,
      code: 'NOT_REQUEUEABLE',
      detail: expect.stringContaining(`batch ${sent.batches[0]!.batchId}`),
    });
    await deliverNow(ctx);
    expect(await refusal(retryDelivery(target, busy.orderId))).toMatchObject({ status: 409, code: 'NOT_REQUEUEABLE' });
    expect(await refusal(retryDelivery(target, delivered.orderId))).toMatchObject({ status: 409, code: 'NOT_REQUEUEABLE' });
    expect(await refusal(retryDelivery(target, 'ord_unknown'))).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect((await orders().getForDelivery(busy.orderId))!.order.status).toBe('MINTING');
  });
});

/**
 * A SOLD order whose delivery FAILED: its token id minted elsewhere first (ALREADY_MINTED), or its buyer's wallet a
 * contract that refuses tokens (NOT_MINTABLE).
 */
async function aFailedOrder(why: 'minted elsewhere' | 'refused' = 'minted elsewhere'): Promise<SoldOrder> {
  const order = why === 'refused' ? await aSoldOrder(ctx, seller, {}, await aReceiver('RefusingReceiver')) : await aSoldOrder(ctx, seller);
  if (why === 'minted elsewhere') await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, order.tokenId));
  await deliverNow(ctx, order.orderId);
  expect((await orders().getForDelivery(order.orderId))!.order.status).toBe('FAILED');
  return order;
}

const plaqueOf = async (order: SoldOrder) => (await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(order.plaque.id))!;

describe('cancel-order', () => {
  it('cancels a FAILED order with its reason and puts its plaque up for sale again', async () => {
    const order = await aFailedOrder('refused');
    expect(await cancelOrder(ctx, order.orderId, '  the buyer asked for a refund ')).toEqual({
      orderId: order.orderId,
      plaqueId: order.plaque.id,
      plaqueStatus: 'AVAILABLE',
      tokenId: String(order.tokenId),
      contractAddress: own.chain.contractAddress,
    });
    const { order: cancelled } = (await orders().getForDelivery(order.orderId))!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'the buyer asked for a refund' });
    expect(cancelled.failureReason).toContain('NOT_MINTABLE');
    const plaque = await plaqueOf(order);
    expect(plaque.plaque).toMatchObject({ status: 'AVAILABLE', wallet_address: null, saleAt: null });
    expect(plaque.orderId).toBeNull();
    expect((await undeliveredOrders(target)).map((o) => o.orderId)).not.toContain(order.orderId);
  });

  it('keeps off sale, LOCKED without expiry, the plaque of an order whose token was minted elsewhere', async () => {
    const order = await aFailedOrder('minted elsewhere');
    expect(await cancelOrder(ctx, order.orderId, 'minted elsewhere')).toMatchObject({ plaqueStatus: 'LOCKED' });
    const plaque = await plaqueOf(order);
    expect(plaque.plaque).toMatchObject({ status: 'LOCKED', lockExpiresAt: null, reservationId: null, wallet_address: null, saleAt: null });
    expect(plaque.hold).toBeNull();
    expect(plaque.orderId).toBeNull();
  });

  it('refuses an order that is not FAILED, naming its status, and changes nothing', async () => {
    for (const [order, status] of [
      [waiting, 'SOLD'],
      [delivered, 'DELIVERED'],
      [busy, 'MINTING'],
    ] as const) {
      const before = await orders().getForDelivery(order.orderId);
      const refused = await refusal(cancelOrder(ctx, order.orderId, 'no'));
      expect(refused).toMatchObject({ status: 409, code: 'NOT_CANCELLABLE', extensions: { status } });
      expect(refused!.detail).toContain(`is ${status}`);
      expect(await orders().getForDelivery(order.orderId)).toEqual(before);
    }
    expect(await refusal(cancelOrder(ctx, 'ord_unknown', 'no'))).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(await refusal(cancelOrder(ctx, failed.orderId, '   '))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await orders().getForDelivery(failed.orderId))!.order.status).toBe('FAILED');
  });

  it('lets one of a cancel, a second cancel and a re-queue racing on one FAILED order win, never two', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await aFailedOrder('refused');
      const outcomes = await Promise.allSettled([
        cancelOrder(ctx, order.orderId, 'first'),
        cancelOrder(ctx, order.orderId, 'second'),
        requeueDelivery(ctx, order.orderId),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const { order: after } = (await orders().getForDelivery(order.orderId))!;
      const plaque = await plaqueOf(order);
      if (after.status === 'CANCELLED') expect(plaque.plaque.status).toBe('AVAILABLE');
      else expect([after.status, plaque.plaque.status]).toEqual(['SOLD', 'SOLD']);
    }
  }, 60_000);
});

describe('npm run ops', () => {
  it('sums what delivered orders cost by UTC day and partner, each its share of its mint transaction', async () => {
    const args = [...OPS_CLI, '--endpoint', target.endpoint, '--table', target.table];
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    const extra = await Promise.all([aSoldOrder(ctx, seller), aSoldOrder(ctx, seller)]);
    await deliverNow(ctx, ...extra.map((o) => o.orderId));
    const delivered = (await partnerOrderRepo(dbOf(ctx), ctx.tableName).listByPartner(seller.partnerId)).filter(
      (o) => o.status === 'DELIVERED' && o.mintCost !== null && o.deliveredAt!.slice(0, 10) === new Date().toISOString().slice(0, 10),
    );
    expect(delivered.length).toBeGreaterThanOrEqual(3);
    const gas = delivered.reduce((sum, o) => sum + o.mintCost!.gas, 0);
    const fee = delivered.reduce((sum, o) => sum + BigInt(o.mintCost!.feeWei), 0n);
    const rows = JSON.parse((await run(process.execPath, [...args, 'delivery-costs', '--days', '1', '--json'], { env })).stdout);
    expect(rows).toEqual([
      {
        date: new Date().toISOString().slice(0, 10),
        partnerId: seller.partnerId,
        orders: delivered.length,
        gas,
        feeWei: fee.toString(),
        feeEth: formatEther(fee),
        gasPerToken: Math.round(gas / delivered.length),
      },
    ]);
    const printed = (await run(process.execPath, [...args, 'delivery-costs'], { env })).stdout;
    expect(printed).toContain('day         partner  orders        gas  gas a token  fees (ETH)');
    expect(printed).toContain(`${delivered.length} order(s): ${gas} gas`);
  }, 60_000);

  it('lists undelivered orders and re-queues a failed one from the command line, exiting 1 on a refusal', async () => {
    const args = [...OPS_CLI, '--endpoint', target.endpoint, '--table', target.table];
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    const listed = (await run(process.execPath, [...args, 'deliveries'], { env })).stdout;
    expect(listed).toMatch(
      new RegExp(`${failed.orderId}  FAILED   plaque ${failed.plaque.id}  age (\\d+m )?\\d+s  attempts 1  ALREADY_MINTED`),
    );
    expect(listed).toContain(`${waiting.orderId}  SOLD     plaque ${waiting.plaque.id}`);
    expect(listed).not.toContain(delivered.orderId);
    expect(listed).toMatch(/\d+ order\(s\) not delivered\./);

    expect(listed).toContain('The reconciler found nothing to repair in the last 24 h.');
    const json = JSON.parse((await run(process.execPath, [...args, 'deliveries', '--json'], { env })).stdout) as {
      undelivered: { orderId: string }[];
      reconciler: unknown[];
    };
    expect(json.undelivered.map((o) => o.orderId)).toContain(failed.orderId);
    expect(json.reconciler).toEqual([]);

    expect((await run(process.execPath, [...args, 'retry-delivery', failed.orderId], { env })).stdout).toContain(
      `Order ${failed.orderId} (was FAILED) is queued for delivery again.`,
    );
    expect((await orders().getForDelivery(failed.orderId))!.order.status).toBe('SOLD');

    const refused = await run(process.execPath, [...args, 'retry-delivery', delivered.orderId], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('already delivered') });

    const toCancel = await aFailedOrder('refused');
    expect((await run(process.execPath, [...args, 'cancel-order', toCancel.orderId, '--reason', 'refunded'], { env })).stdout).toContain(
      `Order ${toCancel.orderId} is cancelled; plaque ${toCancel.plaque.id} is AVAILABLE again.`,
    );
    const mintedElsewhere = await aFailedOrder('minted elsewhere');
    const withheld = (await run(process.execPath, [...args, 'cancel-order', mintedElsewhere.orderId, '--reason', 'refunded'], { env }))
      .stdout;
    expect(withheld).toContain(`plaque ${mintedElsewhere.plaque.id} is LOCKED and stays off sale: its token ${mintedElsewhere.tokenId}`);
    expect(withheld).toContain('import it as a new plaque with another token id');
    const again = await run(process.execPath, [...args, 'cancel-order', toCancel.orderId, '--reason', 'twice'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('is CANCELLED; only a FAILED order can be cancelled') });
  }, 120_000);

  it('lists what the reconciler found: here the order whose worker stopped, handed back to the worker', async () => {
    const args = [...OPS_CLI, '--endpoint', target.endpoint, '--table', target.table];
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    const stopped = await aSoldOrder(ctx, seller);
    await claimedBySingleMintWorker(ctx, stopped.orderId, -1_000);
    const report = await reconcileDeliveries(ctx);
    expect(report.findings).toContainEqual(expect.objectContaining({ orderId: stopped.orderId, kind: 'claim-lapsed', action: 'requeued' }));
    const listed = (await run(process.execPath, [...args, 'deliveries'], { env })).stdout;
    expect(listed).toContain('The reconciler, last 24 h:');
    expect(listed).toMatch(new RegExp(`${stopped.orderId}  claim-lapsed  requeued  nothing signed in a batch`));
    expect(listed).toMatch(new RegExp(`${stopped.orderId}  SOLD .*re-queued by the reconciler: nothing was following its mint`));
  }, 60_000);
});
