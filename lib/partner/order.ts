// A partner's order: created SOLD by a buy, later moved MINTING → DELIVERED or FAILED by the delivery worker (and a
// FAILED one CANCELLED by an operator); and the one shape partners see of it (the API's Order record), wherever it is
// shown.
import { randomBytes } from 'node:crypto';
import type { orderSchema } from '#lib/partner/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

export const ORDER_STATUSES = ['SOLD', 'MINTING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a delivered order's mint cost: its share of the transaction that minted it (orders minted together split its
 * gas evenly) at the price that transaction paid.
 */
export interface MintCost {
  /** Its share of the transaction's gas. */
  gas: number;
  /** Wei per gas the transaction paid, decimal. */
  gasPriceWei: string;
  /** gas × gasPriceWei, decimal wei. */
  feeWei: string;
  /** Orders the transaction delivered, this one among them. */
  tokensInTransaction: number;
}

export interface Order {
  orderId: string;
  /** The account that owns the API key the order was placed with. */
  partnerId: number;
  apiKeyId: string;
  plaqueId: number;
  /** The plaque's name at the sale (`ABC-0042`); null on orders stored before names were recorded with them. */
  plaqueName: string | null;
  reservationId: string;
  /** Checksummed address the token is minted to. */
  buyerWallet: string;
  /** The price and currency quoted at prepare. */
  price: number;
  currency: string;
  /** What delivery mints: the token id (decimal uint256) on this contract. */
  tokenId: string;
  contractAddress: string;
  status: OrderStatus;
  /** The mint transaction, once sent. */
  txHash: string | null;
  /** Why delivery failed (FAILED, and a CANCELLED order that failed before). */
  failureReason: string | null;
  /** Why an operator cancelled it (CANCELLED only). */
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the token was recorded in the buyer's wallet (DELIVERED only). */
  deliveredAt: string | null;
  /** Its share of its mint transaction's cost (DELIVERED by a mint the service sent; null otherwise). */
  mintCost: MintCost | null;
}

/**
 * What a partner sees of an order (orderSchema: the Order schema of the published OpenAPI document), in the operations
 * and in the events sent to partners.
 */
export type OrderView = Shape<typeof orderSchema>;

export const newOrderId = (): string => `ord_${randomBytes(16).toString('base64url')}`;

/** The transaction's page on a block explorer (`<base>/tx/<hash>`, the path Etherscan and Blockscout share). */
export function explorerTransactionUrl(explorerBaseUrl: string | null, txHash: string | null): string | null {
  if (!explorerBaseUrl || !txHash) return null;
  return `${explorerBaseUrl.replace(/\/+$/, '')}/tx/${txHash}`;
}

/**
 * The token's page on a block explorer (`<base>/token/<contract>?a=<token id>`, Etherscan's and Blockscout's link to
 * one token of a collection): only once the token is in the buyer's wallet.
 */
export function explorerTokenUrl(
  explorerBaseUrl: string | null,
  order: Pick<Order, 'status' | 'contractAddress' | 'tokenId'>,
): string | null {
  if (!explorerBaseUrl || order.status !== 'DELIVERED') return null;
  return `${explorerBaseUrl.replace(/\/+$/, '')}/token/${order.contractAddress}?a=${order.tokenId}`;
}

/**
 * The order as partners see it. `plaqueName` must be known (see `withPlaqueNames` in orders.ts for orders stored
 * without it); `explorerBaseUrl` is the stage's block explorer (CHAIN_EXPLORER_URL), null where there is none.
 */
export const presentOrder = (order: Order & { plaqueName: string }, explorerBaseUrl: string | null): OrderView => ({
  orderId: order.orderId,
  status: order.status,
  plaqueId: order.plaqueId,
  plaqueName: order.plaqueName,
  price: order.price,
  currency: order.currency,
  buyerWallet: order.buyerWallet,
  txHash: order.txHash,
  explorerUrl: explorerTransactionUrl(explorerBaseUrl, order.txHash),
  tokenUrl: explorerTokenUrl(explorerBaseUrl, order),
  failureReason: order.failureReason,
  cancelReason: order.cancelReason,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
  deliveredAt: order.deliveredAt,
  mintCost: order.mintCost,
});
