// The sender and the follower on DynamoDB Local and anvil: sold orders go out many to a transaction and are recorded
// once mined, each with its share of the cost; one token the contract refuses fails its own order and the rest of its
// batch is minted; a kill at any moment of a batch (stored, broadcast, mined, recorded) loses nothing and mints nothing
// twice; senders that share a signer never draw one nonce twice.
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { fixedSignerKey } from '#lib/chain/signer-key.ts';
import { createDocumentClient, dbOf } from '#lib/db/client.ts';
import { deliveryCostRepo } from '#lib/db/delivery-cost-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { followInFlight as lookAtInFlight } from '#lib/delivery/follow-mints.ts';
import { followSigning } from '#lib/delivery/follow-signing.ts';
import { SIGNER_FUNDS_MESSAGE, MINT_FEES_ABOVE_CAP_MESSAGE } from '#lib/delivery/log-events.ts';
import { sendMints } from '#lib/delivery/send-mints.ts';
import { deliverStreamRecords } from '#lib/delivery/stream-batch.ts';
import { logger, printLogsWith } from '#lib/runtime/logger.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aReceiver } from '../support/receivers.ts';
import { aWallet } from '../partner/fixtures.ts';
import { aSeller, aSoldOrder, anOrderRecord, deliveryChain, mintsOf, withFaults, type SoldOrder } from './fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let seller: Partner;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain });
  seller = await aSeller(ctx);
});

afterEach(() => {
  printLogsWith(null);
  logger.setLogLevel('SILENT');
});

const orders = () => deliveryOrderRepo(dbOf(ctx), ctx.tableName);
const batches = () => mintBatchRepo(dbOf(ctx), ctx.tableName);
const readOrder = async (orderId: string) => (await orders().getForDelivery(orderId))!;
const readPlaque = async (id: number) => (await plaqueRepo(dbOf(ctx), ctx.tableName).get(id))!;
const rpc = createPublicClient({ transport: http(inject('rpcUrl')) });
/** One look at every batch in flight, by a follower that signs (as the local runtime's and the one of AWS do). */
const followInFlight = (on: AppContext) => lookAtInFlight(on, { signing: followSigning });
const soldOrders = (count: number) => Promise.all(Array.from({ length: count }, () => aSoldOrder(ctx, seller)));

/** Follows the batches in flight until none is left (each look on a chain that mines every transaction at once). */
async function followAll(on: AppContext = ctx): Promise<void> {
  for (let look = 0; look < 20; look++) {
    const outcomes = await followInFlight(on);
    if ([...outcomes.values()].every((o) => o !== 'pending' && o !== 'awaiting-confirmations')) {
      if ((await mintBatchRepo(dbOf(on), on.tableName).inFlightIds()).length === 0) return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('batches still in flight after 20 looks');
}

/** The log entries written while `run` runs. */
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

async function expectDelivered(sold: SoldOrder, txHash?: string) {
  const { order } = await readOrder(sold.orderId);
  expect(order).toMatchObject({ status: 'DELIVERED', failureReason: null, ...(txHash && { txHash }) });
  expect(await own.chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
  expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  expect(await readPlaque(sold.plaque.id)).toMatchObject({ status: 'MINTED', minted: true, tokenId: String(sold.tokenId) });
}

describe('sending sold orders in batches', () => {
  it('sends one order in a batch of its own, MINTING with its transaction, and records it DELIVERED with its cost once mined', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const report = await sendMints(ctx, [sold.orderId]);
    expect(report.outcomes.get(sold.orderId)).toBe('sent');
    expect(report.batches).toHaveLength(1);
    const minting = await readOrder(sold.orderId);
    expect(minting.order).toMatchObject({ status: 'MINTING', txHash: report.batches[0]!.txHash });
    expect(minting.delivery.batchId).toBe(report.batches[0]!.batchId);

    await followAll();
    await expectDelivered(sold, report.batches[0]!.txHash);
    const receipt = await rpc.getTransactionReceipt({ hash: report.batches[0]!.txHash as Hex });
    const { order } = await readOrder(sold.orderId);
    expect(order.mintCost).toEqual({
      gas: Number(receipt.gasUsed),
      gasPriceWei: receipt.effectiveGasPrice.toString(),
      feeWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      tokensInTransaction: 1,
    });
    expect(await orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredOrderIds()).not.toContain(sold.orderId);
    const costs = await deliveryCostRepo(dbOf(ctx), ctx.tableName).costsBetween(new Date(Date.now() - 60_000), new Date());
    expect(costs.find((c) => c.orderId === sold.orderId)).toMatchObject({ partnerId: seller.partnerId, gas: Number(receipt.gasUsed) });
    expect((await batches().get(report.batches[0]!.batchId))?.status).toBe('SETTLED');
  });

  it('mints 60 waiting orders in two transactions (50 and 10) at under 35 000 gas a token, the gas shared out exactly', async () => {
    const sold = await soldOrders(60);
    const report = await sendMints(
      ctx,
      sold.map((s) => s.orderId),
    );
    expect(report.batches.map((b) => b.orders)).toEqual([50, 10]);
    expect(new Set(report.batches.map((b) => b.nonce)).size).toBe(2);
    await followAll();
    for (const s of sold) await expectDelivered(s);
    const big = await rpc.getTransactionReceipt({ hash: report.batches[0]!.txHash as Hex });
    expect(Number(big.gasUsed) / 50).toBeLessThanOrEqual(35_000);
    const inBig = await Promise.all(sold.slice(0, 50).map(async (s) => (await readOrder(s.orderId)).order.mintCost!));
    expect(inBig.every((cost) => cost.tokensInTransaction === 50)).toBe(true);
    expect(inBig.reduce((sum, cost) => sum + cost.gas, 0)).toBe(Number(big.gasUsed));
    expect(inBig.every((cost) => BigInt(cost.feeWei) === BigInt(cost.gas) * big.effectiveGasPrice)).toBe(true);
    // Sixty sales made first: more than the default 30 s when other files share the cores.
  }, 120_000);

  it("mints one token a transaction when told to (DELIVERY_BATCH_TOKENS=1, the bench's comparison), each its own nonce", async () => {
    const sold = await soldOrders(3);
    const report = await sendMints(
      ctx,
      sold.map((s) => s.orderId),
      { maxBatchTokens: 1 },
    );
    expect(report.batches.map((b) => b.orders)).toEqual([1, 1, 1]);
    expect(new Set(report.batches.map((b) => b.nonce)).size).toBe(3);
    await followAll();
    for (const s of sold) await expectDelivered(s);
    const costs = await Promise.all(sold.map(async (s) => (await readOrder(s.orderId)).order.mintCost!));
    expect(costs.every((cost) => cost.tokensInTransaction === 1)).toBe(true);
  });

  it('sends an order once however many records name it, and leaves a delivered one alone', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const records = [anOrderRecord(sold.orderId), anOrderRecord(sold.orderId, { eventName: 'MODIFY' })];
    expect((await deliverStreamRecords(ctx, records)).batchItemFailures).toEqual([]);
    expect((await sendMints(ctx, [sold.orderId])).outcomes.get(sold.orderId)).toBe('in-batch');
    await followAll();
    expect((await sendMints(ctx, [sold.orderId])).outcomes.get(sold.orderId)).toBe('settled');
    await expectDelivered(sold);
  });

  it('skips records that are not sold orders, and names an order that does not exist', async () => {
    const records = [anOrderRecord('ord_x', { eventName: 'MODIFY', status: 'MINTING' }), anOrderRecord('ord_z', { entity: 'plaque' })];
    expect((await deliverStreamRecords(ctx, records)).batchItemFailures).toEqual([]);
    expect((await sendMints(ctx, ['ord_none'])).outcomes.get('ord_none')).toBe('not-found');
  });

  it('logs after a mined batch the balance and the mints it still pays for at the gas per token of that batch', async () => {
    const sold = await soldOrders(5);
    await sendMints(
      ctx,
      sold.map((s) => s.orderId),
    );
    const entries = await logsOf(followAll);
    const funds = entries.filter((entry) => entry.message === SIGNER_FUNDS_MESSAGE);
    expect(funds).toHaveLength(1);
    const { txHash } = (await readOrder(sold[0]!.orderId)).order;
    const { gasUsed } = await rpc.getTransactionReceipt({ hash: txHash as Hex });
    const line = funds[0]!;
    expect(line.mintGas).toBe(Number(gasUsed / 5n));
    expect(line.mintsLeft).toBe(Number(BigInt(line.balanceWei as string) / ((gasUsed / 5n) * BigInt(line.gasPriceWei as string))));
  });

  it('sends nothing while the fees exceed the cap: the orders stay SOLD, and the log says so', async () => {
    const sold = await aSoldOrder(ctx, seller);
    let report!: Awaited<ReturnType<typeof sendMints>>;
    const entries = await logsOf(async () => (report = await sendMints(ctx, [sold.orderId], { feeCap: 1n })));
    expect(report.outcomes.get(sold.orderId)).toBe('waiting-for-fees');
    expect(entries).toContainEqual(expect.objectContaining({ message: MINT_FEES_ABOVE_CAP_MESSAGE, level: 'WARN' }));
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
    await sendMints(ctx, [sold.orderId]);
    await followAll();
    await expectDelivered(sold);
  });
});

describe('one token that cannot be minted does not sink its batch', () => {
  it('fails the orders of a token minted elsewhere first, of a receiver that refuses and of one that runs out of gas, and mints the rest', async () => {
    const [refusing, greedy, taking] = await Promise.all([
      aReceiver('RefusingReceiver'),
      aReceiver('GreedyReceiver'),
      aReceiver('TakingReceiver'),
    ]);
    const plain = await soldOrders(3);
    const takenFirst = await aSoldOrder(ctx, seller);
    const toRefusing = await aSoldOrder(ctx, seller, {}, refusing);
    const toGreedy = await aSoldOrder(ctx, seller, {}, greedy);
    const toTaking = await aSoldOrder(ctx, seller, {}, taking);
    // Someone else mints one of the tokens after the sale.
    const elsewhere = aWallet() as Address;
    await own.chain.waitForReceipt(await own.chain.sendMint(elsewhere, takenFirst.tokenId));

    const all = [plain[0]!, takenFirst, toRefusing, plain[1]!, toGreedy, toTaking, plain[2]!];
    const report = await sendMints(
      ctx,
      all.map((s) => s.orderId),
    );
    expect(report.batches).toHaveLength(1);
    await followAll();

    for (const s of [...plain, toTaking]) await expectDelivered(s, report.batches[0]!.txHash);
    const failed = async (s: SoldOrder) => (await readOrder(s.orderId)).order;
    expect(await failed(takenFirst)).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('ALREADY_MINTED') });
    expect(await failed(toRefusing)).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('NOT_MINTABLE') });
    expect(await failed(toGreedy)).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('NOT_MINTABLE') });
    for (const s of [takenFirst, toRefusing, toGreedy]) expect((await readPlaque(s.plaque.id)).status).toBe('SOLD');
    expect(await own.chain.balanceOf(elsewhere, takenFirst.tokenId)).toBe(1n);
    expect(await mintsOf(own.chain, takenFirst.tokenId)).toBe(1);
    expect(await mintsOf(own.chain, toRefusing.tokenId)).toBe(0);
    expect(await mintsOf(own.chain, toGreedy.tokenId)).toBe(0);
    // The cost is shared by the tokens the transaction minted.
    expect((await readOrder(plain[0]!.orderId)).order.mintCost?.tokensInTransaction).toBe(4);
  });

  it('fails an order whose token id is not a uint256 without sending anything for it, and sends the others', async () => {
    const [good, bad] = await soldOrders(2);
    await dbOf(ctx).send(
      new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
        TableName: ctx.tableName,
        Key: { pk: `ORDER#${bad!.orderId}`, sk: 'ORDER' },
        UpdateExpression: 'SET tokenId = :t',
        ExpressionAttributeValues: { ':t': 'abc' },
      }),
    );
    const report = await sendMints(ctx, [good!.orderId, bad!.orderId]);
    expect(report.outcomes.get(bad!.orderId)).toBe('failed');
    expect((await readOrder(bad!.orderId)).order).toMatchObject({
      status: 'FAILED',
      failureReason: 'token id abc is not a uint256',
      txHash: null,
    });
    await followAll();
    await expectDelivered(good!);
  });
});

describe('a kill at any moment of a batch', () => {
  /** A context whose table client fails every call once `kill.dead`: the process was killed there. */
  function killable(kill: { dead: boolean }, chainFaults: Parameters<typeof withFaults>[1] = {}): AppContext {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
    db.middlewareStack.add(
      (next) => async (args) => {
        if (kill.dead) throw new Error('killed');
        return next(args);
      },
      { step: 'initialize', name: 'kill-switch' },
    );
    return { ...ctx, db, chain: withFaults(own.chain, chainFaults) };
  }

  it('stored, not broadcast: the follower broadcasts the stored transaction, which mints each token once', async () => {
    const sold = await soldOrders(3);
    const kill = { dead: false };
    const doomed = killable(kill, {
      sendRawTransaction: async () => {
        kill.dead = true;
        throw new Error('killed');
      },
    });
    await sendMints(
      doomed,
      sold.map((s) => s.orderId),
    ).catch(() => undefined);
    const left = await readOrder(sold[0]!.orderId);
    expect(left.order.status).toBe('MINTING');
    expect(await own.chain.transactionReceipt(left.order.txHash as Hex)).toBeNull();

    await followAll();
    for (const s of sold) await expectDelivered(s, left.order.txHash!);
  });

  it('broadcast, not recorded: the follower finds it mined and records it, minting nothing more', async () => {
    const sold = await soldOrders(3);
    await sendMints(
      ctx,
      sold.map((s) => s.orderId),
    );
    const txHash = (await readOrder(sold[0]!.orderId)).order.txHash!;
    const kill = { dead: false };
    // The follower is killed at its first write of a delivery.
    const doomed = killable(kill);
    doomed.db!.middlewareStack.add(
      (next) => async (args) => {
        if ((args.input as { TransactItems?: unknown }).TransactItems) kill.dead = true;
        return next(args);
      },
      { step: 'initialize', name: 'kill-at-record', priority: 'high' },
    );
    await followInFlight(doomed).catch(() => undefined);
    expect((await readOrder(sold[0]!.orderId)).order.status).toBe('MINTING');
    await followAll();
    for (const s of sold) await expectDelivered(s, txHash);
  });

  it('recorded in part: the next look records the rest of the batch once', async () => {
    const sold = await soldOrders(4);
    await sendMints(
      ctx,
      sold.map((s) => s.orderId),
    );
    const kill = { dead: false };
    let deliveries = 0;
    const doomed = killable(kill);
    doomed.db!.middlewareStack.add(
      (next) => async (args) => {
        if ((args.input as { TransactItems?: unknown }).TransactItems && ++deliveries > 2) kill.dead = true;
        return next(args);
      },
      { step: 'initialize', name: 'kill-after-two', priority: 'high' },
    );
    await followInFlight(doomed).catch(() => undefined);
    const statuses = await Promise.all(sold.map(async (s) => (await readOrder(s.orderId)).order.status));
    expect(statuses.filter((s) => s === 'DELIVERED').length).toBeGreaterThan(0);
    expect(statuses).toContain('MINTING');
    await followAll();
    for (const s of sold) await expectDelivered(s);
  });
});

describe('nonces', () => {
  it('gives two senders that share the signer but not a nonce queue one nonce each, and mints every token once', async () => {
    const sold = await soldOrders(4);
    const separate = createChainPort({
      rpcUrl: inject('rpcUrl'),
      chainId: ANVIL_CHAIN_ID,
      contractAddress: own.chain.contractAddress,
      signerKey: fixedSignerKey(own.signerKey),
      pollingIntervalMs: 50,
    });
    // Both read the chain's next nonce before either stores its batch.
    let reads = 0;
    let bothRead!: () => void;
    const gate = new Promise<void>((r) => (bothRead = r));
    const meeting = (real: typeof own.chain.exclusiveNonce) =>
      ((use: (nonce: number) => Promise<unknown>) =>
        real(async (nonce) => {
          if (++reads === 2) bothRead();
          await gate;
          return use(nonce);
        })) as typeof own.chain.exclusiveNonce;
    const one = { ...ctx, chain: withFaults(own.chain, { exclusiveNonce: (real, use) => meeting(real)(use) }) };
    const two = { ...ctx, chain: withFaults(separate, { exclusiveNonce: (real, use) => meeting(real)(use) }) };
    const [first, second] = await Promise.all([
      sendMints(one, [sold[0]!.orderId, sold[1]!.orderId]),
      sendMints(two, [sold[2]!.orderId, sold[3]!.orderId]),
    ]);
    const nonces = [...first.batches, ...second.batches].map((b) => b.nonce);
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(2);
    await followAll();
    for (const s of sold) await expectDelivered(s);
  });
});
