// The delivery worker on DynamoDB Local and anvil: orders sold through the partner workflow are minted to the buyer
// and recorded once — through duplicate records, a worker killed between broadcast and record, a stored mint whose
// nonce another transaction took, reverts, and bursts of concurrent deliveries.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPublicClient, createWalletClient, encodeFunctionData, formatEther, http, keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { fixedSignerKey } from '#lib/chain/signer-key.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf, createDocumentClient } from '#lib/db/client.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { serviceUnavailable } from '#lib/errors.ts';
import { deliverOrder } from '#lib/delivery/deliver-order.ts';
import { SIGNER_FUNDS_MESSAGE } from '#lib/delivery/log-events.ts';
import { logger, printLogsWith } from '#lib/runtime/logger.ts';
import { DELIVERY_LEASE_MS } from '#lib/delivery/delivery-state.ts';
import { deliverStreamRecords } from '#lib/delivery/stream-batch.ts';
import { freePort } from '#lib/local/child-process.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import { presentPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aWallet } from '../partner/fixtures.ts';
import { intercept, throughputExceeded } from '../support/faults.ts';
import { aSeller, aSoldOrder, anOrderRecord, deliveryChain, mintsOf, withFaults } from './fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let seller: Partner;
let skewMs = 0;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, now: () => new Date(Date.now() + skewMs) });
  seller = await aSeller(ctx);
});

afterEach(() => {
  skewMs = 0;
});

const orders = () => deliveryOrderRepo(dbOf(ctx), ctx.tableName);
const readOrder = async (orderId: string) => (await orders().getForDelivery(orderId))!;
const readPlaque = async (id: number) => (await plaqueRepo(dbOf(ctx), ctx.tableName).get(id))!;
const walletPlaqueIds = async (wallet: string) =>
  (await plaqueRepo(dbOf(ctx), ctx.tableName).pageByWallet(wallet, { limit: 100, after: null })).plaques.map((p) => p.id);
const failuresOf = (response: { batchItemFailures: { itemIdentifier: string }[] }) =>
  response.batchItemFailures.map((f) => f.itemIdentifier);

/** A context whose table client fails every call once `dead()` is true: a worker process that was killed. */
function killableWorker(chainFaults: Parameters<typeof withFaults>[1], kill: { dead: boolean }): AppContext {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
  db.middlewareStack.add(
    (next) => async (args) => {
      if (kill.dead) throw new Error('worker killed');
      return next(args);
    },
    { step: 'initialize', name: 'kill-switch' },
  );
  return { ...ctx, db, chain: withFaults(own.chain, chainFaults) };
}

describe('delivering a sold order', () => {
  it('mints the token to the buyer, and records the order DELIVERED and the plaque MINTED together', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const before = await readPlaque(sold.plaque.id);

    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');

    const { order, delivery } = await readOrder(sold.orderId);
    expect(order).toMatchObject({ status: 'DELIVERED', failureReason: null, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    // The signed mint stays on the delivered order: should the chain take it back, it is broadcast again.
    expect(delivery.mint).toMatchObject({ hash: order.txHash });
    expect(await own.chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
    expect(await own.chain.findMintTransaction(sold.wallet, sold.tokenId)).toBe(order.txHash);

    const plaque = await readPlaque(sold.plaque.id);
    expect(plaque).toMatchObject({
      status: 'MINTED',
      minted: true,
      tokenId: String(sold.plaque.id),
      contractAddress: own.chain.contractAddress,
      wallet_address: sold.wallet,
      mintedAt: expect.any(String),
    });
    expect(Date.parse(plaque.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(presentPlaque(plaque, new Date(), stageValuesOf(ctx))).toMatchObject({
      token_id: String(sold.plaque.id),
      minted: true,
      status: 'MINTED',
    });
    expect(await orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredOrderIds()).not.toContain(sold.orderId);
    // Listed under the buyer's wallet by the same write that made it MINTED.
    expect(await walletPlaqueIds(sold.wallet)).toEqual([sold.plaque.id]);
  });

  it('mints once when the same order comes twice in one batch, and again in a later one', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const record = anOrderRecord(sold.orderId);
    const retried = anOrderRecord(sold.orderId, { eventName: 'MODIFY' });
    expect(failuresOf(await deliverStreamRecords(ctx, [record, retried]))).toEqual([]);
    expect(failuresOf(await deliverStreamRecords(ctx, [record]))).toEqual([]);
    expect(await deliverOrder(ctx, sold.orderId)).toBe('settled');
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('leaves an order to the delivery already running in this process', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const outcomes = await Promise.all([deliverOrder(ctx, sold.orderId), deliverOrder(ctx, sold.orderId)]);
    expect(outcomes).toEqual(['delivered', 'in-progress']);
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('skips records that are not sold orders, and answers not-found for an order that does not exist', async () => {
    const records = [
      anOrderRecord('ord_none'),
      anOrderRecord('ord_x', { eventName: 'MODIFY', status: 'MINTING' }),
      anOrderRecord('ord_y', { eventName: 'REMOVE' }),
      anOrderRecord('ord_z', { entity: 'plaque' }),
    ];
    expect(failuresOf(await deliverStreamRecords(ctx, records))).toEqual([]);
    expect(await deliverOrder(ctx, 'ord_none')).toBe('not-found');
  });
});

describe('crash safety', () => {
  it('recovers a worker killed between broadcast and record: the retry records that mint, minting nothing more', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const record = anOrderRecord(sold.orderId);
    const kill = { dead: false };
    const doomed = killableWorker(
      {
        sendRawTransaction: async (real, raw) => {
          const result = await real(raw);
          kill.dead = true; // the process dies right after the broadcast: nothing more reaches the table
          return result;
        },
      },
      kill,
    );
    expect(failuresOf(await deliverStreamRecords(doomed, [record]))).toEqual([record.dynamodb!.SequenceNumber]);
    const left = await readOrder(sold.orderId);
    expect(left.order.status).toBe('MINTING');
    expect(left.delivery.mint).toMatchObject({ hash: expect.stringMatching(/^0x/) });
    expect(Date.parse(left.delivery.leaseUntil!)).toBeGreaterThan(Date.now());
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);

    // Its claim is still live: a record now leaves the order to it (or to the sweep, once the claim lapses), and is not
    // retried: retries spent on a live claim would dead-letter the record before the claim lapses.
    expect(await deliverOrder(ctx, sold.orderId)).toBe('busy');
    expect(failuresOf(await deliverStreamRecords(ctx, [record]))).toEqual([]);
    expect((await readOrder(sold.orderId)).order.status).toBe('MINTING');

    // Once the claim lapsed, the retry takes over and follows the stored transaction.
    skewMs = DELIVERY_LEASE_MS + 1_000;
    expect(failuresOf(await deliverStreamRecords(ctx, [record]))).toEqual([]);
    const { order } = await readOrder(sold.orderId);
    expect(order).toMatchObject({ status: 'DELIVERED', txHash: left.delivery.mint!.hash });
    expect(await own.chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('gives its claim back on a failure after the broadcast, so an immediate retry resumes the same transaction', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const flaky = {
      ...ctx,
      chain: withFaults(own.chain, {
        waitForReceipt: async () => {
          throw serviceUnavailable('CHAIN_UNAVAILABLE', 'the node stopped answering', 5);
        },
      }),
    };
    await expect(deliverOrder(flaky, sold.orderId)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
    const left = await readOrder(sold.orderId);
    expect(left.order.status).toBe('MINTING');
    expect(Date.parse(left.delivery.leaseUntil!)).toBeLessThanOrEqual(Date.now());

    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    expect((await readOrder(sold.orderId)).order.txHash).toBe(left.delivery.mint!.hash);
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('signs anew when a stored mint never went out and another transaction took its nonce, still minting once', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const kill = { dead: false };
    const doomed = killableWorker(
      {
        sendRawTransaction: async () => {
          kill.dead = true; // killed after storing the signed mint, before broadcasting it
          throw new Error('worker killed');
        },
      },
      kill,
    );
    await expect(deliverOrder(doomed, sold.orderId)).rejects.toThrow('worker killed');
    const stored = (await readOrder(sold.orderId)).delivery.mint!;

    const next = await aSoldOrder(ctx, seller);
    expect(await deliverOrder(ctx, next.orderId)).toBe('delivered');
    const nonceTaken = await createPublicClient({ transport: http(inject('rpcUrl')) }).getTransaction({
      hash: (await readOrder(next.orderId)).order.txHash as Hex,
    });
    expect(nonceTaken.nonce).toBe(stored.nonce);

    skewMs = DELIVERY_LEASE_MS + 1_000;
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    const { order } = await readOrder(sold.orderId);
    expect(order.txHash).not.toBe(stored.hash);
    expect(await own.chain.transactionReceipt(stored.hash)).toBeNull();
    expect(await own.chain.balanceOf(sold.wallet, sold.tokenId)).toBe(1n);
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('waits for the claim of a killed run that lapses shortly, then takes the order over', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const now = new Date();
    expect(await orders().claim(sold.orderId, { status: 'SOLD' }, 'att_killed', new Date(now.getTime() + 1_000).toISOString(), now)).toBe(
      true,
    );
    expect(await deliverOrder(ctx, sold.orderId, { deadline: Date.now() + 120_000 })).toBe('delivered');
    expect(await readOrder(sold.orderId)).toMatchObject({ order: { status: 'DELIVERED' }, delivery: { attempts: 2 } });
  });

  it('takes no claim with too little of its run left, leaving the order for the retry', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await expect(deliverOrder(ctx, sold.orderId, { deadline: Date.now() + 2_000 })).rejects.toMatchObject({ code: 'DELIVERY_BUSY' });
    expect((await readOrder(sold.orderId)).order.status).toBe('SOLD');
  });

  it('reports the records of an order it could not deliver (chain down) for retry, and delivers them on the retry', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const down = createChainPort({
      rpcUrl: `http://127.0.0.1:${await freePort()}`,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: own.chain.contractAddress,
      signerKey: fixedSignerKey(own.signerKey),
      timeoutMs: 300,
    });
    const record = anOrderRecord(sold.orderId);
    expect(failuresOf(await deliverStreamRecords({ ...ctx, chain: down }, [record]))).toEqual([record.dynamodb!.SequenceNumber]);
    expect(failuresOf(await deliverStreamRecords(ctx, [record]))).toEqual([]);
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
  });

  it("reports the records for retry when the table is throttled at the delivery's record, and the retry records that mint once", async () => {
    const sold = await aSoldOrder(ctx, seller);
    const record = anOrderRecord(sold.orderId);
    const throttledDb = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
    intercept({ db: throttledDb }, 'TransactWriteItemsCommand', async () => Promise.reject(throughputExceeded()));
    expect(failuresOf(await deliverStreamRecords({ ...ctx, db: throttledDb }, [record]))).toEqual([record.dynamodb!.SequenceNumber]);
    expect((await readOrder(sold.orderId)).order.status).toBe('MINTING');
    throttledDb.destroy();
    expect(failuresOf(await deliverStreamRecords(ctx, [record]))).toEqual([]);
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });
});

describe('failures', () => {
  it('fails an order whose token someone else minted first, with the reason, leaving the plaque SOLD', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, sold.tokenId));

    expect(await deliverOrder(ctx, sold.orderId)).toBe('failed');
    const { order } = await readOrder(sold.orderId);
    expect(order).toMatchObject({ status: 'FAILED', txHash: null, failureReason: expect.stringContaining('ALREADY_MINTED') });
    expect(await readPlaque(sold.plaque.id)).toMatchObject({ status: 'SOLD', minted: false, mintedAt: null });
    expect(await walletPlaqueIds(sold.wallet)).toEqual([]);
    expect(await orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredOrderIds()).toContain(sold.orderId);
    expect(await own.chain.balanceOf(sold.wallet, sold.tokenId)).toBe(0n);
  });

  it('records as DELIVERED, with that transaction, a token that reached the buyer outside the service', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const hash = await own.chain.sendMint(sold.wallet, sold.tokenId);
    await own.chain.waitForReceipt(hash);
    expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered');
    expect((await readOrder(sold.orderId)).order).toMatchObject({ status: 'DELIVERED', txHash: hash });
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(1);
  });

  it('fails an order whose mint reverted on chain, naming the transaction and the revert', async () => {
    const sold = await aSoldOrder(ctx, seller);
    await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, sold.tokenId));
    // A mint of the same token sent with a fixed gas limit (no estimate to stop it) by a worker that then died.
    const account = privateKeyToAccount(own.signerKey);
    const chainDef = {
      id: ANVIL_CHAIN_ID,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [inject('rpcUrl')] } },
    };
    const wallet = createWalletClient({ account, chain: chainDef, transport: http(inject('rpcUrl')) });
    const request = await wallet.prepareTransactionRequest({
      to: own.chain.contractAddress,
      data: encodeFunctionData({ abi: plaqueTokenAbi, functionName: 'mint', args: [sold.wallet, sold.tokenId, '0x'] }),
      gas: 200_000n,
    });
    const raw = await wallet.signTransaction(request);
    const now = new Date();
    await orders().claim(sold.orderId, { status: 'SOLD' }, 'att_dead', now.toISOString(), now);
    await orders().storeMint(sold.orderId, 'att_dead', { raw, hash: keccak256(raw), nonce: request.nonce }, now);
    expect(await own.chain.sendRawTransaction(raw)).toBe('sent');
    expect(await own.chain.waitForReceipt(keccak256(raw))).toMatchObject({ status: 'reverted' });

    expect(await deliverOrder(ctx, sold.orderId)).toBe('failed');
    const { order } = await readOrder(sold.orderId);
    expect(order).toMatchObject({ status: 'FAILED', txHash: keccak256(raw) });
    expect(order.failureReason).toContain(`the mint transaction ${keccak256(raw)} reverted`);
    expect(order.failureReason).toContain('ALREADY_MINTED');
    expect((await readPlaque(sold.plaque.id)).status).toBe('SOLD');
  });

  it('fails an order whose token id is not a uint256, sending nothing', async () => {
    // prepare refuses such a plaque; an order written by hand (or by an older version) can still carry one.
    const sold = await aSoldOrder(ctx, seller);
    await dbOf(ctx).send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: { pk: `ORDER#${sold.orderId}`, sk: 'ORDER' },
        UpdateExpression: 'SET tokenId = :t',
        ExpressionAttributeValues: { ':t': 'abc' },
      }),
    );
    expect(await deliverOrder(ctx, sold.orderId)).toBe('failed');
    expect((await readOrder(sold.orderId)).order.failureReason).toBe('token id abc is not a uint256');
    expect(await mintsOf(own.chain, sold.tokenId)).toBe(0);
  });
});

describe('nonces', () => {
  it('delivers ten orders of one batch at once with ten distinct nonces and one mint each', async () => {
    const sold = await Promise.all(Array.from({ length: 10 }, () => aSoldOrder(ctx, seller)));
    const response = await deliverStreamRecords(
      ctx,
      sold.map((s) => anOrderRecord(s.orderId)),
    );
    expect(failuresOf(response)).toEqual([]);
    const client = createPublicClient({ transport: http(inject('rpcUrl')) });
    const nonces = new Set<number>();
    for (const s of sold) {
      const { order } = await readOrder(s.orderId);
      expect(order.status).toBe('DELIVERED');
      nonces.add((await client.getTransaction({ hash: order.txHash as Hex })).nonce);
      expect(await own.chain.balanceOf(s.wallet, s.tokenId)).toBe(1n);
      expect(await mintsOf(own.chain, s.tokenId)).toBe(1);
    }
    expect(nonces.size).toBe(10);
  });

  it('heals a nonce collision between two workers that share the signer but not a nonce queue, minting each token once', async () => {
    const [first, second] = await Promise.all([aSoldOrder(ctx, seller), aSoldOrder(ctx, seller)]);
    const separatePort = createChainPort({
      rpcUrl: inject('rpcUrl'),
      chainId: ANVIL_CHAIN_ID,
      contractAddress: own.chain.contractAddress,
      signerKey: fixedSignerKey(own.signerKey),
      pollingIntervalMs: 50,
    });
    // Both read the same pending nonce before either sends: the second's mint finds its nonce taken.
    let secondRead!: () => void;
    let firstSent!: () => void;
    const secondHasRead = new Promise<void>((r) => (secondRead = r));
    const firstHasSent = new Promise<void>((r) => (firstSent = r));
    const broadcasts: string[] = [];
    const workerOne = {
      ...ctx,
      chain: withFaults(own.chain, {
        exclusiveNonce: (real, use) => real(async (nonce) => (await secondHasRead, use(nonce))),
        sendRawTransaction: async (real, raw) => {
          const result = await real(raw);
          firstSent();
          return result;
        },
      }),
    };
    let collided = false;
    const workerTwo = {
      ...ctx,
      chain: withFaults(separatePort, {
        exclusiveNonce: (real, use) =>
          real(async (nonce) => {
            if (!collided) {
              collided = true;
              secondRead();
              await firstHasSent;
            }
            return use(nonce);
          }),
        sendRawTransaction: async (real, raw) => {
          const result = await real(raw);
          broadcasts.push(result);
          return result;
        },
      }),
    };
    expect(await Promise.all([deliverOrder(workerOne, first.orderId), deliverOrder(workerTwo, second.orderId)])).toEqual([
      'delivered',
      'delivered',
    ]);
    expect(broadcasts).toEqual(['nonce-used', 'sent']);
    for (const s of [first, second]) {
      expect((await readOrder(s.orderId)).order.status).toBe('DELIVERED');
      expect(await own.chain.balanceOf(s.wallet, s.tokenId)).toBe(1n);
      expect(await mintsOf(own.chain, s.tokenId)).toBe(1);
    }
  });
});

describe("the signer's funds", () => {
  /** The worker's log entries while `run` runs. */
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

  it('logs after a mint the balance and the mints it still pays for, each using the gas this one used, at the gas price now', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const entries = await logsOf(async () => expect(await deliverOrder(ctx, sold.orderId)).toBe('delivered'));
    const funds = entries.filter((entry) => entry.message === SIGNER_FUNDS_MESSAGE);
    expect(funds).toHaveLength(1);
    const client = createPublicClient({ transport: http(inject('rpcUrl')) });
    const { txHash } = (await readOrder(sold.orderId)).order;
    const { gasUsed } = await client.getTransactionReceipt({ hash: txHash as Hex });
    const balance = await client.getBalance({ address: own.owner });
    const line = funds[0]!;
    expect(line).toMatchObject({
      level: 'INFO',
      orderId: sold.orderId,
      signer: own.owner,
      balanceWei: balance.toString(),
      balanceEth: Number(formatEther(balance)),
      mintGas: Number(gasUsed),
    });
    const gasPrice = BigInt(line.gasPriceWei as string);
    expect(gasPrice).toBeGreaterThan(0n);
    expect(line.mintsLeft).toBe(Number(balance / (gasUsed * gasPrice)));
  });

  it('delivers all the same when the balance cannot be read, and says so', async () => {
    const sold = await aSoldOrder(ctx, seller);
    const reading = { ...ctx, chain: withFaults(own.chain, { signerFunds: async () => Promise.reject(new Error('node gone')) }) };
    const entries = await logsOf(async () => expect(await deliverOrder(reading, sold.orderId)).toBe('delivered'));
    expect(entries.filter((entry) => entry.message === SIGNER_FUNDS_MESSAGE)).toEqual([]);
    expect(entries).toContainEqual(expect.objectContaining({ level: 'WARN', orderId: sold.orderId }));
    expect((await readOrder(sold.orderId)).order.status).toBe('DELIVERED');
  });
});
