// Test helpers for delivery: a chain of the file's own, sold orders made through the partner workflow, mint events
// counted on chain, a chain port with injected faults, stream records shaped like Lambda's, and the delivery worker
// polling a file's table as `npm start` runs it.
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
import { dbOf } from '#lib/db/client.ts';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { startStreamPoller, type StreamPoller } from '#lib/local/stream-poller.ts';
import { ownChain, type OwnChain } from '../support/chain.ts';
import { aPartner, aWallet, storePlaque } from '../partner/fixtures.ts';

/** The delivery worker fed by the context's table stream, as `npm start` runs it, polled quickly; stop it after the file. */
export function startDeliveryWorker(ctx: AppContext): Promise<StreamPoller> {
  return startStreamPoller({
    db: dbOf(ctx),
    endpoint: inject('dynamoEndpoint'),
    region: 'us-east-1',
    tableName: ctx.tableName,
    handler: (event) => deliveryWorker(event),
    filters: DELIVERY_STREAM_FILTERS,
    batchSize: 10,
    pollIntervalMs: 50,
  });
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

/** A plaque held and bought through the partner workflow's domain functions: its order is SOLD. */
export async function aSoldOrder(ctx: AppContext, seller: Partner, overrides: Partial<StoredPlaque> = {}): Promise<SoldOrder> {
  const plaque = await storePlaque(ctx, overrides);
  const wallet = aWallet() as Address;
  const { reservationId } = await preparePlaque(ctx, seller, plaque.id, wallet);
  const once = await claimOnce(ctx, seller.partnerId, `key-${randomUUID()}`, `buy ${plaque.id}`);
  const { orderId } = await buyPlaque(ctx, seller, { plaqueId: plaque.id, reservationId, buyerWallet: wallet }, once);
  return { orderId, plaque, wallet, tokenId: BigInt(plaque.tokenId ?? plaque.id) };
}

/** TransferSingle events that minted `tokenId` on the contract, over the whole chain: how many times it was minted. */
export async function mintsOf(chain: ChainPort, tokenId: bigint): Promise<number> {
  const client = createPublicClient({ transport: http(inject('rpcUrl')) });
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
