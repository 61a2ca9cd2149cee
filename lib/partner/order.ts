// A partner's order: created SOLD by a buy, later moved MINTING → DELIVERED or FAILED by the delivery worker.
import { randomBytes } from 'node:crypto';

export const ORDER_STATUSES = ['SOLD', 'MINTING', 'DELIVERED', 'FAILED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface Order {
  orderId: string;
  /** The account that owns the API key the order was placed with. */
  partnerId: number;
  apiKeyId: string;
  plaqueId: number;
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
  /** Why delivery failed (FAILED only). */
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a partner sees of an order. */
export interface OrderView {
  orderId: string;
  status: OrderStatus;
  txHash: string | null;
  plaqueId: number;
  buyerWallet: string;
}

export const newOrderId = (): string => `ord_${randomBytes(16).toString('base64url')}`;

export const presentOrder = (order: Order): OrderView => ({
  orderId: order.orderId,
  status: order.status,
  txHash: order.txHash,
  plaqueId: order.plaqueId,
  buyerWallet: order.buyerWallet,
});
