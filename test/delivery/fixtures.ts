// Test helpers for delivery: a chain of the file's own, sold orders made through the partner workflow, mint events
// counted on chain, a chain port with injected faults, stream records shaped like Lambda's, and the sender polling a
// file's table with the follower on every block, as `npm start` runs them.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createPublicClient, http, type Address } from 'viem';
import type { DynamoDBRecord } from 'aws-lambda';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { fixedSignerKey } from '#lib/chain/signer-key.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { buyPlaque } from '#lib/partner/buy.ts';
import { claimOnce } from '#lib/http/idempotency.ts';
import { preparePlaque } from '#lib/partner/prepare.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { handler as deliveryWorker } from '#functions/delivery/deliver-order.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { orderKey } from '#lib/db/keys.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import { followInFlight } from '#lib/delivery/follow-mints.ts';
import { followSigning } from '#lib/delivery/follow-signing.ts';
import { sendMints, type SendReport } from '#lib/delivery/send-mints.ts';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { startStreamPoller, type StreamPoller } from '#lib/local/stream-poller.ts';
import { startLocalMintFollower } from '#lib/local/mint-follower.ts';
import { ownChain, type OwnChain } from '../support/chain.ts';
import { aPartner, aWallet, storePlaque } from '../partner/fixtures.ts';

/**
 * The sender fed by the context's table stream and the follower of its batches, as `npm start` runs them (a block per
 * transaction), polled quickly; stop it after the file.
 */
export async function startDeliveryWorker(ctx: AppContext): Promise<StreamPoller> {
  const follower = startLocalMintFollower(ctx, null);
  const poller = await startStreamPoller({
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    handler: (event) => deliveryWorker(event),
    filters: DELIVERY_STREAM_FILTERS,
    batchSize: 50,
    pollIntervalMs: 50,
  });
  return {
    drain: poller.drain,
    stop: async () => {
      await poller.stop();
      await follower.stop();
    },
  };
}

/** A contract and signer of the test file's own on the run's anvil, polled quickly for receipts. */
export async function deliveryChain(): Promise<OwnChain> {
  const own = await ownChain();
  const chain = createChainPort({
    rpcUrl: inject('rpcUrl'),
    chainId: ANVIL_CHAIN_ID,
    contractAddress: own.chain.contractAddress,
    signerKey: fixedSignerKey(own.signerKey),
    pollingIntervalMs: 50,
  });
  return { ...own, chain };
}

export async function aSeller(ctx: AppContext): Promise<Partner> {
  const { userId, id } = await aPartner(ctx);
  return { partnerId: userId, apiKeyId: id };
}

export interface SoldOrder {
  orderId: string;
  plaque: StoredPlaque;
  wallet: Address;
  tokenId: bigint;
}

/**
 * A plaque held and bought through the partner workflow's domain functions: its order is SOLD (to `wallet`, else a
 * fresh one). A contract wallet is sold to as a wallet deployed after its sale: prepare, which refuses a wallet the mint
 * would refuse, sees the address without its code, and the mint meets the contract.
 */
export async function aSoldOrder(
  ctx: AppContext,
  seller: Partner,
  overrides: Partial<StoredPlaque> = {},
  wallet: Address = aWallet() as Address,
): Promise<SoldOrder> {
  const plaque = await storePlaque(ctx, overrides);
  const client = createPublicClient({ transport: http(inject('rpcUrl')) });
  const code = await client.getCode({ address: wallet });
  const setCode = (to: string) => client.request({ method: 'anvil_setCode' as never, params: [wallet, to] as never });
  if (code) await setCode('0x');
  try {
    const { reservationId } = await preparePlaque(ctx, seller, plaque.id, wallet);
    const once = await claimOnce(ctx, seller.partnerId, `key-${randomUUID()}`, `buy ${plaque.id}`);
    const { orderId } = await buyPlaque(ctx, seller, { plaqueId: plaque.id, reservationId, buyerWallet: wallet }, once);
    return { orderId, plaque, wallet, tokenId: BigInt(plaque.tokenId ?? plaque.id) };
  } finally {
    if (code) await setCode(code);
  }
}

/** TransferSingle events that minted `tokenId` on the contract, over the whole chain: how many times it was minted. */
export async function mintsOf(chain: ChainPort, tokenId: bigint, rpcUrl: string = inject('rpcUrl')): Promise<number> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const logs = await client.getContractEvents({
    address: chain.contractAddress,
    abi: plaqueTokenAbi,
    eventName: 'TransferSingle',
    args: { from: '0x0000000000000000000000000000000000000000' },
    fromBlock: 0n,
  });
  return logs.filter((log) => log.args.id === tokenId).length;
}

/** The chain port with some calls replaced; each replacement gets the real call to delegate to. */
export function withFaults(
  chain: ChainPort,
  faults: { [K in keyof ChainPort]?: ChainPort[K] extends (...args: infer A) => infer R ? (real: ChainPort[K], ...args: A) => R : never },
): ChainPort {
  const port = Object.create(chain) as ChainPort;
  for (const [name, fault] of Object.entries(faults)) {
    const real = (chain[name as keyof ChainPort] as (...args: unknown[]) => unknown).bind(chain);
    Object.defineProperty(port, name, { value: (...args: unknown[]) => (fault as (...a: unknown[]) => unknown)(real, ...args) });
  }
  return port;
}

let sequence = 1000;

/** A stream record as Lambda delivers it for an order item whose new image has `status`. */
export function anOrderRecord(
  orderId: string,
  init: { eventName?: 'INSERT' | 'MODIFY' | 'REMOVE'; status?: string; entity?: string } = {},
): DynamoDBRecord {
  return {
    eventID: randomUUID(),
    eventName: init.eventName ?? 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: { pk: { S: `ORDER#${orderId}` }, sk: { S: 'ORDER' } },
      NewImage: { entity: { S: init.entity ?? 'order' }, orderId: { S: orderId }, status: { S: init.status ?? 'SOLD' } },
      SequenceNumber: String(sequence++),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/**
 * Sends the orders (in batches) and follows the batches in flight until none is left: on a chain that mines every
 * transaction at once (the run's anvil), the orders are recorded when it returns.
 */
export async function deliverNow(ctx: AppContext, ...orderIds: string[]): Promise<SendReport> {
  const report = await sendMints(ctx, orderIds);
  for (const batch of report.batches) await ctx.chain!.waitForReceipt(batch.txHash as `0x${string}`, 10_000).catch(() => undefined);
  for (let look = 0; look < 20; look++) {
    await followInFlight(ctx, { signing: followSigning });
    if ((await mintBatchRepo(dbOf(ctx), ctx.tableName).inFlightIds()).length === 0) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('mint batches still in flight after 20 looks');
}

/**
 * An order claimed by the single-mint worker of an earlier version (MINTING, no batch), its claim lapsing `leaseMs`
 * from now (negative: lapsed), with the signed mint that worker stored, if any.
 */
export async function claimedBySingleMintWorker(
  ctx: AppContext,
  orderId: string,
  leaseMs: number,
  mint?: { raw: string; hash: string; nonce: number },
): Promise<void> {
  await dbOf(ctx).send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: orderKey(orderId),
      UpdateExpression: `SET #status = :minting, deliveryAttemptId = :attempt, deliveryLeaseUntil = :lease${mint ? ', mintTx = :mint, txHash = :hash' : ''} ADD deliveryAttempts :one`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':minting': 'MINTING',
        ':attempt': 'att_earlier',
        ':lease': new Date(Date.now() + leaseMs).toISOString(),
        ':one': 1,
        ...(mint && { ':mint': mint, ':hash': mint.hash }),
      },
    }),
  );
}
