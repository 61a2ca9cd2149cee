// The delivery reconciler and sweeper on DynamoDB Local and an anvil node of this file's own (its chain is rolled back
// here, as a kill of the local runtime or a reorg does): a batch whose mint the chain lost is followed again and mints
// once more, once; batches in flight are looked at without signing (and their follower woken); orders nothing follows,
// forgotten and dead-lettered orders go back to the sender; and a batch is recorded only once it is as deep as required.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { DELIVERY_LEASE_MS } from '#lib/delivery/delivery-state.ts';
import { followInFlight } from '#lib/delivery/follow-mints.ts';
import { sendMints } from '#lib/delivery/send-mints.ts';
import { reconcileDeliveries, type DeadLetter, type DeadLetterBox } from '#lib/delivery/reconcile.ts';
import { listUndeliveredOrders } from '#lib/delivery/undelivered.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aSeller, aSoldOrder, claimedBySingleMintWorker, withFaults } from './fixtures.ts';
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

/** Sends the orders in one batch and follows it until it is recorded (anvil mines every transaction at once). */
async function deliver(...orderIds: string[]): Promise<string> {
  const { batches } = await sendMints(ctx, orderIds);
  await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
  await followInFlight(ctx);
  return batches[0]!.batchId;
}

describe('delivered orders against the chain', () => {
  it('follows a batch again whose mint the chain rolled back: its transaction is broadcast again and mints once', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const snapshot = await rpc<Hex>('evm_snapshot');
    const batchId = await deliver(sold.orderId);
    const delivered = await readOrder(sold.orderId);
    expect(delivered.order.status).toBe('DELIVERED');
    expect(await walletPlaqueIds(sold.wallet)).toEqual([sold.plaque.id]);

    // Nothing to repair while the token is there.
    expect((await reconcileDeliveries(ctx)).findings).toEqual([]);

    // A kill before the chain was saved (or a reorg): the table says DELIVERED and MINTED, the chain knows nothing.
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true);
    expect(await chain.tokenExists(sold.tokenId)).toBe(false);

    const report = await reconcileDeliveries(ctx);
    expect(report.findings).toEqual([
      expect.objectContaining({ orderId: sold.orderId, kind: 'mint-gone', action: `its batch ${batchId} followed again` }),
    ]);
    const again = await readOrder(sold.orderId);
    expect(again.order).toMatchObject({ status: 'MINTING', txHash: delivered.order.txHash, mintCost: null });
    expect(again.delivery).toMatchObject({ batchId, requeueReason: expect.stringContaining('not on chain') });
    expect((await mintBatchRepo(dbOf(ctx), ctx.tableName).get(batchId))?.status).toBe('SENT');
    expect((await readPlaque(sold.plaque.id)).status).toBe('SOLD');
    // No longer listed under the buyer's wallet: taken off by the same write.
    expect(await walletPlaqueIds(sold.wallet)).toEqual([]);
    // `ops deliveries` shows it again.
    expect(await listUndeliveredOrders(ctx)).toEqual([
      expect.objectContaining({ orderId: sold.orderId, status: 'MINTING', reason: expect.stringContaining(batchId) }),
    ]);

    // The next pass broadcasts the batch's transaction again (same hash); the one after records it.
    await reconcileDeliveries(ctx);
    await chain.waitForReceipt(delivered.order.txHash as Hex, 10_000);
    await reconcileDeliveries(ctx);
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: delivered.order.txHash });
    expect((await readPlaque(sold.plaque.id)).status).toBe('MINTED');
    expect(await walletPlaqueIds(sold.wallet)).toEqual([sold.plaque.id]);
    expect(await chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(sold.tokenId)).toBe(1);
    expect((await reconcileDeliveries(ctx)).findings).toEqual([]);
  });

  it('leaves a delivered token its buyer moved on: the transaction still shows the mint', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await deliver(sold.orderId);
    const moved = withFaults(chain, { balanceOf: async () => 0n });
    expect((await reconcileDeliveries({ ...ctx, chain: moved })).findings).toEqual([]);
  });
});

describe('batches in flight', () => {
  it('broadcasts a stored batch nobody sent, records it on the next pass, and signs nothing', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const killed = withFaults(chain, { sendRawTransaction: async () => Promise.reject(new Error('killed before the broadcast')) });
    const { batches } = await sendMints({ ...ctx, chain: killed }, [sold.orderId]);
    const unsigned = withFaults(chain, {
      signMintBatch: async () => Promise.reject(new Error('the reconciler signs nothing')),
      signNonceFiller: async () => Promise.reject(new Error('the reconciler signs nothing')),
    });
    const first = await reconcileDeliveries({ ...ctx, chain: unsigned });
    expect(first.batches).toEqual({ pending: 1 });
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    expect((await reconcileDeliveries({ ...ctx, chain: unsigned })).batches).toEqual({ settled: 1 });
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: batches[0]!.txHash });
  });

  it('wakes the follower for every batch it leaves in flight, and for none once they are recorded', async () => {
    await rpc('evm_setAutomine', [false]);
    const woken: { batchIds: readonly string[]; delaySeconds: number }[] = [];
    const waking = {
      ...ctx,
      followQueue: { wake: async (batchIds: readonly string[], delaySeconds: number) => void woken.push({ batchIds, delaySeconds }) },
    };
    try {
      const sold = await aSoldOrder(ctx, seller);
      const { batches } = await sendMints(waking, [sold.orderId]);
      // The sender woke it for a look a block later.
      expect(woken).toEqual([{ batchIds: [batches[0]!.batchId], delaySeconds: expect.any(Number) }]);
      await reconcileDeliveries(waking);
      expect(woken[1]).toEqual({ batchIds: [batches[0]!.batchId], delaySeconds: 0 });
      await rpc('anvil_mine', ['0x1']);
      await reconcileDeliveries(waking);
      expect(woken).toHaveLength(2);
      expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('hands back an order MINTING in a batch no longer in flight', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await rpc('evm_setAutomine', [false]);
    const { batches } = await sendMints(ctx, [sold.orderId]);
    // Its nonce went to another transaction, and the batch was found dead, but its order was left MINTING.
    await rpc('anvil_dropTransaction', [batches[0]!.txHash]);
    const other = await chain.signNonceFiller(batches[0]!.nonce, { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n });
    await chain.sendRawTransaction(other.raw);
    await rpc('evm_setAutomine', [true]);
    await rpc('anvil_mine', ['0x1']);
    await mintBatchRepo(dbOf(ctx), ctx.tableName).markDead(batches[0]!.batchId, new Date());
    const report = await reconcileDeliveries(ctx);
    expect(report.findings.filter((f) => f.orderId === sold.orderId)).toEqual([
      expect.objectContaining({ kind: 'claim-lapsed', action: 'requeued' }),
    ]);
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
    await deliver(sold.orderId);
    expect(await mintsOf(sold.tokenId)).toBe(1);
  });
});

describe('the sweep', () => {
  it('hands on an order claimed by a single-mint worker of an earlier version once its claim lapsed', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await claimedBySingleMintWorker(ctx, sold.orderId, DELIVERY_LEASE_MS);

    expect((await reconcileDeliveries(ctx)).findings.filter((f) => f.orderId === sold.orderId)).toEqual([]);
    skewMs = DELIVERY_LEASE_MS + 1_000;
    const report = await reconcileDeliveries(ctx);
    expect(report.findings.filter((f) => f.orderId === sold.orderId)).toEqual([
      expect.objectContaining({ kind: 'claim-lapsed', action: 'requeued' }),
    ]);
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
    skewMs = 0;
    await deliver(sold.orderId);
  });

  it('ends at once the live claims of workers that cannot be running any more (the local runtime at start)', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await claimedBySingleMintWorker(ctx, sold.orderId, DELIVERY_LEASE_MS);
    const report = await reconcileDeliveries(ctx, { noWorkerRunning: true });
    expect(report.findings.filter((f) => f.orderId === sold.orderId).map((f) => [f.kind, f.action])).toEqual([
      ['claim-ended', 'claim ended'],
      ['claim-lapsed', 'requeued'],
    ]);
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
    await deliver(sold.orderId);
  });

  it('re-queues a SOLD order no sender took up for longer than a stream record takes, and leaves a fresh one', async () => {
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
    await deliver(sold.orderId);
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
  });

  it('re-drives dead-lettered orders, settles a letter whose order is in a batch in flight, and keeps one a live claim holds', async () => {
    const waiting = await aSoldOrder(ctx, seller);
    const held = await aSoldOrder(ctx, seller);
    const inBatch = await aSoldOrder(ctx, seller);
    await claimedBySingleMintWorker(ctx, held.orderId, DELIVERY_LEASE_MS);
    await rpc('evm_setAutomine', [false]);
    await sendMints(ctx, [inBatch.orderId]);
    const box = letters([
      { id: 'a', orderIds: [waiting.orderId] },
      { id: 'b', orderIds: [held.orderId] },
      { id: 'c', orderIds: [] },
      { id: 'd', orderIds: [inBatch.orderId] },
    ]);
    const report = await reconcileDeliveries(ctx, { deadLetters: box });
    expect(report.redriven).toBe(3);
    expect(box.left.map((letter) => letter.id)).toEqual(['b']);
    expect(report.findings.filter((f) => f.orderId === waiting.orderId)).toEqual([
      expect.objectContaining({ kind: 'dead-lettered', action: 'requeued' }),
    ]);
    expect((await readOrder(waiting.orderId)).delivery.requeueReason).toContain('dead-lettered');
    // Clean up: the held order's claim ends, the next pass hands it on and settles its letter.
    await rpc('evm_setAutomine', [true]);
    await rpc('anvil_mine', ['0x1']);
    skewMs = DELIVERY_LEASE_MS + 1_000;
    expect((await reconcileDeliveries(ctx, { deadLetters: box })).redriven).toBe(1);
    expect(box.left).toEqual([]);
    skewMs = 0;
    await followInFlight(ctx);
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

  it('keeps the orders MINTING with their transaction until the batch is as deep as required, then records them', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const { batches } = await sendMints(ctx, [sold.orderId]);
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    expect((await reconcileDeliveries(ctx, { follow: { confirmations: 2 } })).batches).toEqual({ 'awaiting-confirmations': 1 });
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'MINTING', txHash: batches[0]!.txHash });
    expect((await readPlaque(sold.plaque.id)).status).toBe('SOLD');
    await rpc('anvil_mine', ['0x2']);
    expect((await reconcileDeliveries(ctx, { follow: { confirmations: 2 } })).batches).toEqual({ settled: 1 });
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: batches[0]!.txHash });
    expect(await mintsOf(sold.tokenId)).toBe(1);
  });

  it('follows the batch again when its block is taken back before it was deep enough', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const snapshot = await rpc<Hex>('evm_snapshot');
    const { batches } = await sendMints(ctx, [sold.orderId]);
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    expect((await reconcileDeliveries(ctx, { follow: { confirmations: 1 } })).batches).toEqual({ 'awaiting-confirmations': 1 });
    await rpc('evm_revert', [snapshot]);
    // Not on chain any more: broadcast again (the same bytes), mined at once by anvil, then deep enough.
    expect((await reconcileDeliveries(ctx, { follow: { confirmations: 1 } })).batches).toEqual({ pending: 1 });
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    await rpc('anvil_mine', ['0x1']);
    expect((await reconcileDeliveries(ctx, { follow: { confirmations: 1 } })).batches).toEqual({ settled: 1 });
    expect((await readOrder(sold.orderId)).order.txHash).toBe(batches[0]!.txHash);
    expect(await mintsOf(sold.tokenId)).toBe(1);
  });
});
