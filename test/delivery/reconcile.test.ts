// The delivery reconciler and sweeper on DynamoDB Local and an anvil node of this file's own (its chain is rolled back
// here, as a kill of the local runtime or a reorg does): mints the chain lost are re-queued and minted again once,
// lapsed and dead claims are handed on, forgotten and dead-lettered orders go back to the worker, and a mint is
// recorded DELIVERED only once it is as deep as the stage requires.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { deliverOrder, settleStoredMint } from '#lib/delivery/deliver-order.ts';
import { DELIVERY_LEASE_MS } from '#lib/delivery/delivery-state.ts';
import { reconcileDeliveries, type DeadLetter, type DeadLetterBox } from '#lib/delivery/reconcile.ts';
import { listUndeliveredOrders } from '#lib/delivery/undelivered.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aSeller, aSoldOrder, withFaults } from './fixtures.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';

let anvil: RunningAnvil;
let chain: ChainPort;
let ctx: AppContext;
let seller: Partner;
let skewMs = 0;

beforeAll(async () => {
  anvil = await startAnvil();
  const contractAddress = await deployPlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, publicBase: TEST_PUBLIC_BASE });
  chain = createChainPort({
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    contractAddress,
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
    pollingIntervalMs: 50,
  });
  ctx = await freshTable({ chain, now: () => new Date(Date.now() + skewMs) });
  seller = await aSeller(ctx);
});

afterAll(async () => {
  await anvil?.stop();
});

afterEach(() => {
  skewMs = 0;
});

const orders = () => deliveryOrderRepo(dbOf(ctx), ctx.tableName);
const readOrder = async (orderId: string) => (await orders().getForDelivery(orderId))!;
const readPlaque = async (id: number) => (await plaqueRepo(dbOf(ctx), ctx.tableName).get(id))!;
const walletPlaqueIds = async (wallet: string) =>
  (await plaqueRepo(dbOf(ctx), ctx.tableName).pageByWallet(wallet, { limit: 100, after: null })).plaques.map((p) => p.id);
const rpc = <T>(method: string, params: unknown[] = []) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).request({ method: method as never, params: params as never }) as Promise<T>;

/** Mints of `tokenId` in the chain's history. */
async function mintsOf(tokenId: bigint): Promise<number> {
  const logs = await createPublicClient({ transport: http(anvil.rpcUrl) }).getContractEvents({
    address: chain.contractAddress,
    abi: plaqueTokenAbi,
    eventName: 'TransferSingle',
    args: { from: '0x0000000000000000000000000000000000000000' },
    fromBlock: 0n,
  });
  return logs.filter((log) => log.args.id === tokenId).length;
}

/** A dead-letter box over an in-memory list, as the SQS queue and the local folder present theirs. */
function letters(initial: DeadLetter[]): DeadLetterBox & { left: DeadLetter[] } {
  const box = {
    left: [...initial],
    list: async () => [...box.left],
    settle: async (id: string) => void (box.left = box.left.filter((letter) => letter.id !== id)),
  };
  return box;
}

describe('delivered orders against the chain', () => {
  it('re-queues an order whose mint the chain rolled back, and the worker mints it again from the same bytes, once', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const snapshot = await rpc<Hex>('evm_snapshot');
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    const delivered = await readOrder(sold.orderId);
    expect(await walletPlaqueIds(sold.wallet)).toEqual([sold.plaque.id]);

    // Nothing to repair while the token is there.
    expect((await reconcileDeliveries(ctx)).findings).toEqual([]);

    // A kill before the chain was saved (or a reorg): the table says DELIVERED and MINTED, the chain knows nothing.
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true);
    expect(await chain.tokenExists(sold.tokenId)).toBe(false);

    const report = await reconcileDeliveries(ctx);
    expect(report.findings).toEqual([expect.objectContaining({ orderId: sold.orderId, kind: 'mint-gone', action: 'requeued' })]);
    const requeued = await readOrder(sold.orderId);
    expect(requeued.order.status).toBe('SOLD');
    expect(requeued.delivery.mint).toEqual(delivered.delivery.mint);
    expect(requeued.delivery.requeueReason).toContain('not on chain');
    expect((await readPlaque(sold.plaque.id)).status).toBe('SOLD');
    // No longer listed under the buyer's wallet: taken off by the same write.
    expect(await walletPlaqueIds(sold.wallet)).toEqual([]);
    // `ops deliveries` shows it again, with what the reconciler found.
    expect(await listUndeliveredOrders(ctx)).toEqual([
      expect.objectContaining({ orderId: sold.orderId, status: 'SOLD', reason: expect.stringContaining('not on chain') }),
    ]);

    // The stream hands the SOLD order to the worker: it broadcasts the stored transaction again (same hash).
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: delivered.order.txHash });
    expect((await readPlaque(sold.plaque.id)).status).toBe('MINTED');
    expect(await walletPlaqueIds(sold.wallet)).toEqual([sold.plaque.id]);
    expect(await chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(sold.tokenId)).toBe(1);
    expect((await reconcileDeliveries(ctx)).findings).toEqual([]);
  });

  it('leaves a delivered token its buyer moved on: the transaction still shows the mint', async () => {
    const sold = await aSoldOrder(ctx, seller);
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    const moved = withFaults(chain, { balanceOf: async () => 0n });
    expect((await reconcileDeliveries({ ...ctx, chain: moved })).findings).toEqual([]);
  });
});

describe('the sweep', () => {
  it('hands a MINTING order back once its claim lapsed: re-queued when nothing was signed', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const now = new Date();
    await orders().claim(sold.orderId, { status: 'SOLD' }, 'att_killed', new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(), now);

    expect((await reconcileDeliveries(ctx)).findings.filter((f) => f.orderId === sold.orderId)).toEqual([]);
    skewMs = DELIVERY_LEASE_MS + 1_000;
    const report = await reconcileDeliveries(ctx);
    expect(report.findings.filter((f) => f.orderId === sold.orderId)).toEqual([
      expect.objectContaining({ kind: 'claim-lapsed', action: 'requeued' }),
    ]);
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
  });

  it('records a lapsed order whose stored mint was mined, and re-queues one whose mint never went out', async () => {
    const mined = await aSoldOrder(ctx, seller);
    const unsent = await aSoldOrder(ctx, seller);
    const killedAfter = (method: 'waitForReceipt' | 'sendRawTransaction') =>
      withFaults(chain, {
        [method]: async (real: (...args: never[]) => Promise<unknown>, ...args: never[]) => {
          if (method === 'sendRawTransaction') throw new Error('killed before the broadcast');
          await real(...args);
          throw new Error('killed after the broadcast');
        },
      });
    // Each worker fails after storing its mint (one after the broadcast, one before); the sweep sees them once their
    // claims lapse (a failing worker gives its claim back, a killed one does not: the clock is moved past the lease).
    for (const [sold, port] of [
      [mined, killedAfter('waitForReceipt')],
      [unsent, killedAfter('sendRawTransaction')],
    ] as const) {
      await expect(deliverOrder({ ...ctx, chain: port }, sold.orderId)).rejects.toThrow(/killed/);
      const read = await readOrder(sold.orderId);
      expect(read.delivery.mint).not.toBeNull();
    }
    skewMs = DELIVERY_LEASE_MS + 1_000;
    const report = await reconcileDeliveries(ctx);
    const actions = Object.fromEntries(report.findings.map((f) => [f.orderId, f.action]));
    expect(actions[mined.orderId]).toBe('delivered');
    expect(actions[unsent.orderId]).toBe('requeued');
    expect((await readOrder(mined.orderId)).order.status).toBe('DELIVERED');
    const requeued = await readOrder(unsent.orderId);
    expect(requeued.order.status).toBe('SOLD');
    expect(requeued.delivery.mint).not.toBeNull();
    skewMs = 0;
    expect(await deliverOrder(ctx, unsent.orderId)).toBe('delivered');
    expect(await mintsOf(unsent.tokenId)).toBe(1);
    expect(await mintsOf(mined.tokenId)).toBe(1);
  });

  it('ends at once the live claims of workers that cannot be running any more (the local runtime at start)', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const now = new Date();
    await orders().claim(sold.orderId, { status: 'SOLD' }, 'att_killed', new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(), now);
    const report = await reconcileDeliveries(ctx, { noWorkerRunning: true });
    expect(report.findings.filter((f) => f.orderId === sold.orderId).map((f) => [f.kind, f.action])).toEqual([
      ['claim-ended', 'claim ended'],
      ['claim-lapsed', 'requeued'],
    ]);
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
  });

  it('re-queues a SOLD order no worker took up for longer than a stream record takes, and leaves a fresh one', async () => {
    const sold = await aSoldOrder(ctx, seller);
    expect((await reconcileDeliveries(ctx)).findings.filter((f) => f.orderId === sold.orderId)).toEqual([]);
    skewMs = 3 * 60_000;
    const report = await reconcileDeliveries(ctx);
    expect(report.findings.filter((f) => f.orderId === sold.orderId)).toEqual([
      expect.objectContaining({ kind: 'stale-sold', action: 'requeued' }),
    ]);
    const read = await readOrder(sold.orderId);
    expect(read).toMatchObject({ order: { status: 'SOLD' }, delivery: { requeues: 1 } });
    skewMs = 0;
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
  });

  it('re-drives dead-lettered orders, and keeps a letter whose order a live worker holds', async () => {
    const waiting = await aSoldOrder(ctx, seller);
    const held = await aSoldOrder(ctx, seller);
    const now = new Date();
    await orders().claim(held.orderId, { status: 'SOLD' }, 'att_live', new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(), now);
    const box = letters([
      { id: 'a', orderIds: [waiting.orderId] },
      { id: 'b', orderIds: [held.orderId] },
      { id: 'c', orderIds: [] },
    ]);
    const report = await reconcileDeliveries(ctx, { deadLetters: box });
    expect(report.redriven).toBe(2);
    expect(box.left.map((letter) => letter.id)).toEqual(['b']);
    expect(report.findings.filter((f) => f.orderId === waiting.orderId)).toEqual([
      expect.objectContaining({ kind: 'dead-lettered', action: 'requeued' }),
    ]);
    expect((await readOrder(waiting.orderId)).delivery.requeueReason).toContain('dead-lettered');
    // Clean up: the held order's claim ends, the next pass hands it on and settles its letter.
    skewMs = DELIVERY_LEASE_MS + 1_000;
    expect((await reconcileDeliveries(ctx, { deadLetters: box })).redriven).toBe(1);
    expect(box.left).toEqual([]);
  });
});

describe('confirmation depth', () => {
  it('reads the head fresh every time, even on a port whose polling interval is long', async () => {
    // viem answers getBlockNumber from a cache for one polling interval; a depth judged on that would lag the chain.
    const slow = createChainPort({
      rpcUrl: anvil.rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: chain.contractAddress,
      signerKey: fixedSignerKey(ANVIL_DEV_KEY),
      pollingIntervalMs: 60_000,
    });
    const before = await slow.blockNumber('latest');
    await rpc('anvil_mine', ['0x3']);
    expect(await slow.blockNumber('latest')).toBe(before + 3n);
  });

  it('keeps the order MINTING with its transaction until the mint is as deep as required, then records it', async () => {
    const sold = await aSoldOrder(ctx, seller);
    expect(await deliverOrder(ctx, sold.orderId, { confirmations: 2, confirmationWaitMs: 0 })).toBe('awaiting-confirmations');
    const waiting = await readOrder(sold.orderId);
    expect(waiting.order).toMatchObject({ status: 'MINTING', txHash: waiting.delivery.mint!.hash });
    // Its claim is given back, so the sweep may take it at once.
    expect(Date.parse(waiting.delivery.leaseUntil!)).toBeLessThanOrEqual(Date.now());
    expect((await readPlaque(sold.plaque.id)).status).toBe('SOLD');

    expect(await settleStoredMint(ctx, sold.orderId, { confirmations: 2 })).toBe('awaiting-confirmations');
    await rpc('anvil_mine', ['0x2']);
    expect(await settleStoredMint(ctx, sold.orderId, { confirmations: 2 })).toBe('delivered');
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: waiting.delivery.mint!.hash });
    expect(await mintsOf(sold.tokenId)).toBe(1);
  });

  it('waits within its run for the depth when blocks keep coming', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const miner = setInterval(() => void rpc('anvil_mine', ['0x1']).catch(() => undefined), 100);
    try {
      expect(await deliverOrder(ctx, sold.orderId, { confirmations: 3, confirmationWaitMs: 20_000, confirmationPollMs: 50 })).toBe(
        'delivered',
      );
    } finally {
      clearInterval(miner);
    }
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
  });

  it('follows the mint again when its block is taken back before it was deep enough', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const snapshot = await rpc<Hex>('evm_snapshot');
    expect(await deliverOrder(ctx, sold.orderId, { confirmations: 1, confirmationWaitMs: 0 })).toBe('awaiting-confirmations');
    const { mint } = (await readOrder(sold.orderId)).delivery;
    await rpc('evm_revert', [snapshot]);
    // The sweep finds the mint gone from the chain: back to the worker, which broadcasts the same bytes again.
    expect(await settleStoredMint(ctx, sold.orderId, { confirmations: 1 })).toBe('requeued');
    expect(await deliverOrder(ctx, sold.orderId, { confirmations: 0 })).toBe('delivered');
    expect((await readOrder(sold.orderId)).order.txHash).toBe(mint!.hash);
    expect(await mintsOf(sold.tokenId)).toBe(1);
  });
});
