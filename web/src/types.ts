// What the dashboard reads from the API: the shapes of API.md's "Partner dashboard" section (and the sign-in).

export const ORDER_STATUSES = ['SOLD', 'MINTING', 'DELIVERED', 'FAILED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface Order {
  orderId: string;
  status: OrderStatus;
  plaqueId: number;
  plaqueName: string;
  price: number;
  currency: string;
  buyerWallet: string;
  txHash: string | null;
  explorerUrl: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

export interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

export interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedApiKey {
  id: string;
  apiKey: string;
  name: string | null;
  prefix: string;
  createdAt: string;
}

export interface UsageReport {
  from: string;
  to: string;
  keys: { id: string; prefix: string; days: { date: string; requests: number }[] }[];
}

/** The order events an endpoint may subscribe to (API.md, "Order events for partners: webhooks"). */
export const WEBHOOK_EVENTS = ['order.sold', 'order.minting', 'order.delivered', 'order.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
}

/** The answer to a registration: the only time the endpoint's signing secret is shown. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/** One attempt to deliver an event to an endpoint, from its delivery log (newest first). */
export interface WebhookAttempt {
  eventId: string;
  /** An order event, or `ping` for a test event. */
  type: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: string;
  nextAttemptAt: string | null;
}

export interface CodeSent {
  sentTo: string;
  expiresAt: string;
  resendAvailableAt: string;
}

export interface SignedIn {
  token: string;
  user: { id: number; email: string; username: string };
}

/** An RFC 9457 problem document as the API answers it. */
export interface Problem {
  status: number;
  code: string;
  title?: string;
  detail?: string;
  errors?: { path: string; message: string }[];
}
