// Mint batches, pure: a batch is the sold orders one transaction mints (`mintMany`, one nonce of the signer), with every
// transaction signed for that nonce (a replacement at a higher fee keeps it, so at most one of them is ever mined). Here:
// the fees a transaction offers under the stage's cap, when a pending one is priced below the market and what replaces
// it, each delivered order's share of its transaction's gas, and which of the signer's nonces no transaction holds.
import type { Hex } from 'viem';
import type { FeeOffer, MarketFees } from '#lib/chain/chain-port.ts';
import type { PendingAnnouncement } from '#lib/db/metadata-announcement-repo.ts';
import type { MintCost } from '#lib/partner/order.ts';

/** Tokens one transaction mints at most: 50 × about 31 000 gas stays far below any block's limit. */
export const MAX_BATCH_TOKENS = 50;

/** One order of a batch: the token it mints and where to. */
interface BatchOrder {
  orderId: string;
  /** The buyer's wallet, checksummed. */
  to: string;
  /** Decimal uint256. */
  tokenId: string;
}

/** A transaction signed for a batch's nonce, stored before it is broadcast. */
export interface BatchTransaction {
  raw: Hex;
  hash: Hex;
  /** Wei per gas, decimal. */
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** Its gas limit, decimal. */
  gas: string;
  sentAt: string;
  /** The chain's newest block when it was signed: a replacement waits `replaceAfterBlocks` from here. */
  sentBlock: number;
}

/**
 * `SENT`: in flight, followed until mined (its nonce may still be pending, dropped or replaced). `SETTLED`: mined and
 * its orders recorded. `DEAD`: its nonce went to another transaction, so none of its own can ever be mined; its orders
 * went back to the queue.
 */
type BatchStatus = 'SENT' | 'SETTLED' | 'DEAD';

export interface MintBatch {
  /** `mb_<signer>_<nonce>`: one batch per nonce of a signer, ever. */
  batchId: string;
  status: BatchStatus;
  signer: string;
  contractAddress: string;
  nonce: number;
  orders: BatchOrder[];
  /**
   * An announcement batch (no orders): the metadata changes its transaction announces (ERC-4906 `announceMetadata`),
   * cleared once it is mined. Absent on mint batches.
   */
  announces?: PendingAnnouncement[];
  /** Every transaction signed for the nonce, oldest first; the last one is broadcast. */
  txs: BatchTransaction[];
  /** Counts its writes: a replacement is stored only over the version it was decided on. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The transaction that was mined, its block, gas used and price paid (decimal), once SETTLED. */
  mined: { hash: Hex; blockNumber: number; gasUsed: string; effectiveGasPrice: string } | null;
}

/** The batch id of a signer's nonce (lower-case address: one id whatever the casing). */
export const batchIdOf = (signer: string, nonce: number): string => `mb_${signer.toLowerCase()}_${nonce}`;

/** The transaction a batch broadcasts now: its newest. */
export const currentTransaction = (batch: MintBatch): BatchTransaction => batch.txs[batch.txs.length - 1]!;

export const offerOf = (tx: BatchTransaction): FeeOffer => ({
  maxFeePerGas: BigInt(tx.maxFeePerGas),
  maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
});

/**
 * What a new transaction offers: the suggested tip, and twice the base fee on top (room for six full blocks of base fee
 * rises before it would be priced out), cut to the stage's cap (wei per gas; null: none). `above-cap` when even the base
 * fee and the tip exceed the cap: nothing is sent then, the orders wait.
 */
export function offerFor(market: MarketFees, cap: bigint | null): FeeOffer | { kind: 'above-cap'; needed: bigint } {
  const needed = market.baseFeePerGas + market.priorityFeePerGas;
  if (cap !== null && needed > cap) return { kind: 'above-cap', needed };
  const wanted = 2n * market.baseFeePerGas + market.priorityFeePerGas;
  const maxFeePerGas = cap !== null && wanted > cap ? cap : wanted;
  return { maxFeePerGas, maxPriorityFeePerGas: market.priorityFeePerGas };
}

/** Whether a transaction is priced below the market: the base fee and the tip now exceed what it offers. */
export const underpriced = (offer: FeeOffer, market: MarketFees): boolean =>
  offer.maxFeePerGas < market.baseFeePerGas + market.priorityFeePerGas || offer.maxPriorityFeePerGas < market.priorityFeePerGas;

/** A replacement must raise both fees by this much (percent): nodes take one only above 10%. */
const REPLACEMENT_RAISE_PERCENT = 13n;

const raised = (fee: bigint) => (fee * (100n + REPLACEMENT_RAISE_PERCENT) + 99n) / 100n;

/**
 * The fees of a transaction replacing `current` (same nonce): at least the market's offer and 13% above each of its
 * own, cut to the cap; null when the cap leaves no room for a replacement a node would take (the orders wait, and the
 * alarm says so).
 */
export function replacementOffer(current: FeeOffer, market: MarketFees, cap: bigint | null): FeeOffer | null {
  const marketOffer = {
    maxFeePerGas: 2n * market.baseFeePerGas + market.priorityFeePerGas,
    maxPriorityFeePerGas: market.priorityFeePerGas,
  };
  let maxPriorityFeePerGas = max(marketOffer.maxPriorityFeePerGas, raised(current.maxPriorityFeePerGas));
  let maxFeePerGas = max(marketOffer.maxFeePerGas, raised(current.maxFeePerGas));
  if (cap !== null && maxFeePerGas > cap) maxFeePerGas = cap;
  if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas;
  if (maxFeePerGas < raised(current.maxFeePerGas) || maxPriorityFeePerGas < raised(current.maxPriorityFeePerGas)) return null;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** Whether a pending transaction is due for a replacement: priced below the market for `afterBlocks` blocks now. */
export const replacementDue = (tx: BatchTransaction, headBlock: bigint, afterBlocks: number, market: MarketFees): boolean =>
  headBlock - BigInt(tx.sentBlock) >= BigInt(afterBlocks) && underpriced(offerOf(tx), market);

/**
 * Each of `count` delivered orders' share of the gas their transaction used: an even split, the remainder one gas each
 * to the first ones, so the shares add up to exactly what the transaction used.
 */
export function gasShares(gasUsed: bigint, count: number): bigint[] {
  if (count <= 0) return [];
  const each = gasUsed / BigInt(count);
  const rest = Number(gasUsed % BigInt(count));
  return Array.from({ length: count }, (_, i) => each + (i < rest ? 1n : 0n));
}

/** Each delivered order's cost, in the order of `count` orders a transaction delivered. */
export function mintCosts(gasUsed: bigint, effectiveGasPrice: bigint, count: number): MintCost[] {
  return gasShares(gasUsed, count).map((gas) => ({
    gas: Number(gas),
    gasPriceWei: effectiveGasPrice.toString(),
    feeWei: (gas * effectiveGasPrice).toString(),
    tokensInTransaction: count,
  }));
}

/**
 * The signer's nonces from the chain's next confirmed one (`confirmedNonce`: how many of its transactions are mined)
 * up to the next the service would draw (`nextNonce`), at most `limit`: each must be held by a transaction, or every
 * later one waits for good. A crash, a node that lost its pending transactions, or a chain that took blocks back leaves
 * such gaps.
 */
export function noncesToHold(confirmedNonce: number, nextNonce: number, limit = 100): number[] {
  const out: number[] = [];
  for (let n = confirmedNonce; n < nextNonce && out.length < limit; n++) out.push(n);
  return out;
}
