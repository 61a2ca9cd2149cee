// The follower on an anvil node of this file's own (it stops mining, raises the base fee, drops transactions and spends
// nonces at will): a dropped transaction is broadcast again, one priced below the market for N blocks is replaced at a
// higher fee up to the cap (and above the cap the orders wait, logged), a batch whose nonce another transaction took
// sends its orders out again, an empty nonce left by a crash is held so the batches after it are mined, a reverted
// batch goes out again, and a batch is recorded only once it is as deep as the stage requires.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { dbOf } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { followInFlight as lookAtInFlight, followMintBatch as lookAt, settingsOf, type FollowOptions } from '#lib/delivery/follow-mints.ts';
import { followAndWake, followSigning } from '#lib/delivery/follow-signing.ts';
import { MINT_FEES_ABOVE_CAP_MESSAGE } from '#lib/delivery/log-events.ts';
import { sendMints } from '#lib/delivery/send-mints.ts';
import { logger, printLogsWith } from '#lib/runtime/logger.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';
import { aSeller, aSoldOrder, mintsOf, withFaults } from './fixtures.ts';

let anvil: RunningAnvil;
let chain: ChainPort;
let ctx: AppContext;
let seller: Partner;

beforeAll(async () => {
  anvil = await startAnvil();
  const contractAddress = await deployPlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, publicBase: TEST_PUBLIC_BASE });
  chain = createChainPort({ rpcUrl: anvil.rpcUrl, chainId: ANVIL_CHAIN_ID, contractAddress, signerKey: fixedSignerKey(ANVIL_DEV_KEY) });
  ctx = await freshTable({ chain });
  seller = await aSeller(ctx);
});

afterAll(async () => {
  await anvil?.stop();
});

afterEach(async () => {
  printLogsWith(null);
  logger.setLogLevel('SILENT');
  // The base fee back to anvil's start, mined in a block of its own.
  await rpc('anvil_setNextBlockBaseFeePerGas', ['0x3b9aca00']);
  await rpc('evm_setAutomine', [true]);
  await mine();
});

/** One look at a batch, or at every batch in flight, by a follower that signs. */
const followMintBatch = (on: AppContext, batchId: string, options: FollowOptions = {}) =>
  lookAt(on, batchId, { ...options, signing: followSigning });
const followInFlight = (on: AppContext) => lookAtInFlight(on, { signing: followSigning });
const holdSignerNonces = (on: AppContext, options: FollowOptions = {}) => followSigning.holdNonces(on, settingsOf(options));

const rpc = <T>(method: string, params: unknown[] = []) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).request({ method: method as never, params: params as never }) as Promise<T>;
const mine = (blocks = 1) => rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
const orders = () => deliveryOrderRepo(dbOf(ctx), ctx.tableName);
const readOrder = async (orderId: string) => (await orders().getForDelivery(orderId))!;
const batchOf = async (orderId: string) =>
  (await mintBatchRepo(dbOf(ctx), ctx.tableName).get((await readOrder(orderId)).delivery.batchId!))!;

async function logsOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  logger.setLogLevel('INFO');
  printLogsWith((attributes) => void entries.push(attributes));
  try {
    await run();
  } finally {
    printLogsWith(null);
    logger.setLogLevel('SILENT');
  }
  return entries;
}

async function expectDelivered(orderId: string, txHash?: string) {
  const read = await readOrder(orderId);
  expect(read.order).toMatchObject({ status: 'DELIVERED', ...(txHash && { txHash }) });
  const tokenId = BigInt(read.order.tokenId);
  expect(await chain.balanceOf(read.order.buyerWallet as Hex, tokenId)).toBe(1n);
  expect(await mintsOf(chain, tokenId, anvil.rpcUrl)).toBe(1);
}

describe('a transaction the node lost', () => {
  it('broadcasts a dropped transaction again, and records it once mined', async () => {
    await rpc('evm_setAutomine', [false]);
    const sold = await aSoldOrder(ctx, seller);
    const { batches } = await sendMints(ctx, [sold.orderId]);
    const txHash = batches[0]!.txHash as Hex;
    await rpc('anvil_dropTransaction', [txHash]);
    await mine();
    expect(await chain.transactionReceipt(txHash)).toBeNull();

    expect(await followMintBatch(ctx, batches[0]!.batchId)).toBe('pending');
    await mine();
    expect(await followMintBatch(ctx, batches[0]!.batchId)).toBe('settled');
    await expectDelivered(sold.orderId, txHash);
  });
});

describe('a transaction priced below the market', () => {
  /** Sends one order's batch at the base fee now, then raises the base fee so that it cannot be mined. */
  async function stuckBatch() {
    await rpc('evm_setAutomine', [false]);
    const sold = await aSoldOrder(ctx, seller);
    const market = await chain.marketFees();
    const lowCap = market.baseFeePerGas + market.priorityFeePerGas;
    const { batches } = await sendMints(ctx, [sold.orderId], { feeCap: lowCap });
    await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(market.baseFeePerGas * 40n).toString(16)}`]);
    await mine();
    return { sold, batch: batches[0]!, lowCap };
  }

  it('is replaced at a higher fee once it has waited N blocks, and the replacement is what the order records', async () => {
    const { sold, batch } = await stuckBatch();
    expect(await followMintBatch(ctx, batch.batchId, { replaceAfterBlocks: 3, feeCap: null })).toBe('pending');
    expect((await batchOf(sold.orderId)).txs).toHaveLength(1);
    await mine(3);
    expect(await chain.transactionReceipt(batch.txHash as Hex)).toBeNull();

    expect(await followMintBatch(ctx, batch.batchId, { replaceAfterBlocks: 3, feeCap: null })).toBe('pending');
    const replaced = await batchOf(sold.orderId);
    expect(replaced.txs).toHaveLength(2);
    const [first, second] = replaced.txs;
    expect(BigInt(second!.maxFeePerGas)).toBeGreaterThan(BigInt(first!.maxFeePerGas));
    expect((await readOrder(sold.orderId)).order.txHash).toBe(second!.hash);

    await mine();
    expect(await followMintBatch(ctx, batch.batchId)).toBe('settled');
    await expectDelivered(sold.orderId, second!.hash);
    expect(await chain.transactionReceipt(first!.hash)).toBeNull();
  });

  it('is not replaced above the stage cap: the orders wait, the log says so, and a raised cap lets it go', async () => {
    const { sold, batch, lowCap } = await stuckBatch();
    await mine(3);
    const entries = await logsOf(() => followMintBatch(ctx, batch.batchId, { replaceAfterBlocks: 3, feeCap: lowCap }));
    expect(entries).toContainEqual(expect.objectContaining({ message: MINT_FEES_ABOVE_CAP_MESSAGE, batchId: batch.batchId }));
    expect((await batchOf(sold.orderId)).txs).toHaveLength(1);
    expect((await readOrder(sold.orderId)).order.status).toBe('MINTING');

    expect(await followMintBatch(ctx, batch.batchId, { replaceAfterBlocks: 3, feeCap: null })).toBe('pending');
    await mine();
    expect(await followMintBatch(ctx, batch.batchId)).toBe('settled');
    await expectDelivered(sold.orderId);
  });
});

describe('nonces', () => {
  it('sends out again the orders of a batch whose nonce another transaction took before it was broadcast', async () => {
    const sold = await aSoldOrder(ctx, seller);
    // Killed between storing the batch and broadcasting it ...
    const killed = { ...ctx, chain: withFaults(chain, { sendRawTransaction: async () => Promise.reject(new Error('killed')) }) };
    const { batches } = await sendMints(killed, [sold.orderId]);
    // ... then another transaction of the same key takes the nonce.
    const nonce = batches[0]!.nonce;
    const filler = await chain.signNonceFiller(nonce, { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n });
    expect(await chain.sendRawTransaction(filler.raw)).toBe('sent');

    expect(await followMintBatch(ctx, batches[0]!.batchId)).toBe('dead');
    const back = await readOrder(sold.orderId);
    expect(back.order).toMatchObject({ status: 'SOLD', txHash: null });
    expect(back.delivery).toMatchObject({ batchId: null, requeues: 1 });
    expect((await mintBatchRepo(dbOf(ctx), ctx.tableName).get(batches[0]!.batchId))?.status).toBe('DEAD');

    const again = await sendMints(ctx, [sold.orderId]);
    expect(again.batches[0]!.nonce).toBeGreaterThan(nonce);
    await chain.waitForReceipt(again.batches[0]!.txHash as Hex, 10_000);
    await followInFlight(ctx);
    await expectDelivered(sold.orderId, again.batches[0]!.txHash);
  });

  it('holds an empty nonce left by a crash, so the batch waiting behind it is mined', async () => {
    const [first, second] = await Promise.all([aSoldOrder(ctx, seller), aSoldOrder(ctx, seller)]);
    // The first batch's nonce is drawn, then taken by a transaction the chain loses (a kill rolled the local chain back).
    const snapshot = await rpc<string>('evm_snapshot');
    const killed = { ...ctx, chain: withFaults(chain, { sendRawTransaction: async () => Promise.reject(new Error('killed')) }) };
    const lost = await sendMints(killed, [first.orderId]);
    const nonce = lost.batches[0]!.nonce;
    const other = await chain.signNonceFiller(nonce, { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n });
    await chain.sendRawTransaction(other.raw);
    expect(await followMintBatch(ctx, lost.batches[0]!.batchId)).toBe('dead');
    await rpc('evm_revert', [snapshot]);
    expect(await chain.confirmedNonce()).toBe(nonce);

    // The next batch takes the next nonce and cannot be mined: nothing holds the one before it.
    const waiting = await sendMints(ctx, [second.orderId]);
    expect(waiting.batches[0]!.nonce).toBe(nonce + 1);
    await mine(3);
    expect(await followMintBatch(ctx, waiting.batches[0]!.batchId, { replaceAfterBlocks: 3 })).toBe('pending');
    expect(await holdSignerNonces(ctx, { replaceAfterBlocks: 3 })).toEqual([nonce]);
    await mine();
    expect(await followMintBatch(ctx, waiting.batches[0]!.batchId)).toBe('settled');
    await expectDelivered(second.orderId, waiting.batches[0]!.txHash);
    // The first order went back to the queue when its batch was found dead, and goes out again.
    expect((await readOrder(first.orderId)).order.status).toBe('SOLD');
    const resent = await sendMints(ctx, [first.orderId]);
    await chain.waitForReceipt(resent.batches[0]!.txHash as Hex, 10_000);
    await followInFlight(ctx);
    await expectDelivered(first.orderId);
  });

  it('opens a settled batch again when the chain took its block back, and mints its tokens once more, once', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const snapshot = await rpc<string>('evm_snapshot');
    const { batches } = await sendMints(ctx, [sold.orderId]);
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    expect(await followMintBatch(ctx, batches[0]!.batchId)).toBe('settled');
    await rpc('evm_revert', [snapshot]);
    expect(await chain.tokenExists(sold.tokenId)).toBe(false);
    // A later batch waits behind the lost nonce.
    const later = await aSoldOrder(ctx, seller);
    await sendMints(ctx, [later.orderId]);

    expect(await holdSignerNonces(ctx)).toEqual([batches[0]!.nonce]);
    expect((await mintBatchRepo(dbOf(ctx), ctx.tableName).get(batches[0]!.batchId))?.status).toBe('SENT');
    await followInFlight(ctx);
    await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000);
    await followInFlight(ctx);
    expect(await chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(chain, sold.tokenId, anvil.rpcUrl)).toBe(1);
    await expectDelivered(later.orderId);
  });
});

describe('a batch whose transaction reverts', () => {
  it('sends out again the orders of a transaction that reverted whole, as their tokens alone are mintable', async () => {
    const sold = await aSoldOrder(ctx, seller);
    // A transaction sent with too little gas for the mint reverts on chain.
    const lowGas = withFaults(chain, {
      signMintBatch: async (real, items, nonce, fees) => {
        const signed = await real(items, nonce, fees);
        if (signed.kind !== 'signed') return signed;
        const again = await createChainPortRaw().signWithGas(items, nonce, fees, 40_000n);
        return { ...signed, ...again };
      },
    });
    const { batches } = await sendMints({ ...ctx, chain: lowGas }, [sold.orderId]);
    expect((await chain.waitForReceipt(batches[0]!.txHash as Hex, 10_000)).status).toBe('reverted');
    expect(await followMintBatch(ctx, batches[0]!.batchId)).toBe('settled');
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'SOLD' });

    const again = await sendMints(ctx, [sold.orderId]);
    await chain.waitForReceipt(again.batches[0]!.txHash as Hex, 10_000);
    await followInFlight(ctx);
    await expectDelivered(sold.orderId);
  });
});

describe('confirmation depth', () => {
  it('records a batch only once it is as deep as required', async () => {
    await rpc('evm_setAutomine', [false]);
    const sold = await aSoldOrder(ctx, seller);
    const { batches } = await sendMints(ctx, [sold.orderId]);
    await mine();
    expect(await followMintBatch(ctx, batches[0]!.batchId, { confirmations: 2 })).toBe('awaiting-confirmations');
    expect((await readOrder(sold.orderId)).order.status).toBe('MINTING');
    await mine(2);
    expect(await followMintBatch(ctx, batches[0]!.batchId, { confirmations: 2 })).toBe('settled');
    await expectDelivered(sold.orderId, batches[0]!.txHash);
  });
});

describe('the follower of AWS, woken by its queue', () => {
  it('follows the batches its messages name, wakes itself again for those still in flight, and lets a message come back when it cannot', async () => {
    await rpc('evm_setAutomine', [false]);
    const sold = await aSoldOrder(ctx, seller);
    const { batches } = await sendMints(ctx, [sold.orderId]);
    const woken: (readonly string[])[] = [];
    const waking = { ...ctx, followQueue: { wake: async (ids: readonly string[]) => void woken.push(ids) } };
    const messages = [
      { id: 'm1', batchId: batches[0]!.batchId },
      { id: 'm2', batchId: null },
    ];
    expect(await followAndWake(waking, messages, { deadline: Date.now() + 1_000 })).toEqual({ batchItemFailures: [] });
    expect(woken).toEqual([[batches[0]!.batchId]]);

    const failing = { ...ctx, followQueue: { wake: async () => Promise.reject(new Error('SQS unavailable')) } };
    expect(await followAndWake(failing, messages, { deadline: Date.now() + 1_000 })).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }],
    });

    await mine();
    expect(await followAndWake(waking, messages, { deadline: Date.now() + 1_000 })).toEqual({ batchItemFailures: [] });
    expect(woken).toHaveLength(1);
    await expectDelivered(sold.orderId, batches[0]!.txHash);
  });
});

/** Signs a batch mint with a gas limit of the test's choosing (the chain port estimates its own). */
function createChainPortRaw() {
  const account = privateKeyToAccount(ANVIL_DEV_KEY);
  return {
    async signWithGas(
      items: readonly { to: Hex; tokenId: bigint }[],
      nonce: number,
      fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
      gas: bigint,
    ) {
      const { encodeFunctionData, keccak256 } = await import('viem');
      const { plaqueTokenAbi } = await import('#lib/chain/plaque-token-abi.ts');
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: ANVIL_CHAIN_ID,
        to: chain.contractAddress,
        data: encodeFunctionData({
          abi: plaqueTokenAbi,
          functionName: 'mintMany',
          args: [items.map((i) => i.to), items.map((i) => i.tokenId)],
        }),
        nonce,
        gas,
        ...fees,
      });
      return { raw, hash: keccak256(raw), gas };
    },
  };
}
