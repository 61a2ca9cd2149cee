// Order events for partners: which moves of an order make which event, each event's stable id, and its place among the
// order's other events. Pure: the stream consumer (order-events.ts) and the sender read these rules.
import { createHash, randomBytes } from 'node:crypto';
import type { OrderStatus, OrderView } from '#lib/partner/order.ts';

/** The events of a partner's orders, one per order status. */
export const ORDER_EVENT_TYPES = ['order.sold', 'order.minting', 'order.delivered', 'order.failed', 'order.cancelled'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/**
 * The catalogue's events, every partner's (lib/webhooks/catalogue-changes.ts says which write makes which): the plaque
 * moves, and one summary per import in place of an event per imported plaque.
 */
const PLAQUE_EVENT_TYPES = ['plaque.listed', 'plaque.price_changed', 'plaque.status_changed', 'plaque.metadata_updated'] as const;
export type PlaqueEventType = (typeof PLAQUE_EVENT_TYPES)[number];
export const isPlaqueEventType = (type: unknown): type is PlaqueEventType => (PLAQUE_EVENT_TYPES as readonly unknown[]).includes(type);
export const CATALOGUE_IMPORTED_EVENT_TYPE = 'catalogue.imported';
export const CATALOGUE_EVENT_TYPES = [...PLAQUE_EVENT_TYPES, CATALOGUE_IMPORTED_EVENT_TYPE] as const;
export type CatalogueEventType = (typeof CATALOGUE_EVENT_TYPES)[number];
/** The events a partner may subscribe an endpoint to, and the feed lists. */
export const WEBHOOK_EVENT_TYPES = [...ORDER_EVENT_TYPES, ...CATALOGUE_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const isCatalogueEventType = (type: string): type is CatalogueEventType =>
  (CATALOGUE_EVENT_TYPES as readonly string[]).includes(type);
/** What `POST /partner/webhooks/{id}/test` sends: every endpoint gets it, whatever it subscribed to. */
export const PING_EVENT_TYPE = 'ping';

export const eventTypeOf = (status: OrderStatus): OrderEventType => `order.${status.toLowerCase()}` as OrderEventType;

/**
 * One move of an order into `status`. `round` counts the order's returns to SOLD (an operator's re-queue bumps it),
 * so a second SOLD → MINTING → … after a re-queue are moves of their own, while a duplicate stream record of one
 * move names the same move again.
 */
export interface OrderMove {
  orderId: string;
  partnerId: number;
  status: OrderStatus;
  round: number;
  /** When the order moved: its `updatedAt` as the move wrote it. */
  at: string;
}

/** Where each status falls within one round: SOLD first, MINTING next, then DELIVERED or FAILED, and CANCELLED after FAILED. */
const RANK: Record<OrderStatus, number> = { SOLD: 1, MINTING: 2, DELIVERED: 3, FAILED: 3, CANCELLED: 4 };

/** The event's id: the same for every stream record of one move, different for every other move (`webhook-id`). */
export function eventIdOf(move: Pick<OrderMove, 'orderId' | 'round' | 'status'>): string {
  const digest = createHash('sha256').update(`${move.orderId}\n${move.round}\n${move.status}`).digest('base64url');
  return `evt_${digest.slice(0, 32)}`;
}

/** How long an event is kept (its item's TTL), listed in the feed and may be sent again: 30 days. */
const EVENT_KEEP_MS = 30 * 24 * 3600 * 1000;

/** Whether the event is still kept at `now` (DynamoDB's TTL deletes expired items only eventually). */
export const isKept = (event: Pick<WebhookEvent, 'timestamp'>, now: Date): boolean =>
  Date.parse(event.timestamp) > now.getTime() - EVENT_KEEP_MS;

/** A test event's id: random, one per request. */
export const newPingEventId = (): string => `evt_${randomBytes(24).toString('base64url')}`;

/** Sorts the order's events in the order of its moves (fixed width, so strings compare as the moves do). */
export const positionOf = (move: Pick<OrderMove, 'round' | 'status'>): string =>
  `${String(move.round).padStart(6, '0')}#${RANK[move.status]}`;

/** A lane is what is sent in order: one order's events, or one test event, for one endpoint. */
export const orderLaneId = (orderId: string): string => orderId;
export const pingLaneId = (eventId: string): string => `ping_${eventId}`;
/** A test event is alone in its lane. */
export const PING_POSITION = '000000#0';

/** The body every delivery of an order event carries (Standard Webhooks: type, timestamp, data). */
export const orderEventBody = (type: OrderEventType, timestamp: string, order: OrderView): string =>
  JSON.stringify({ type, timestamp, data: order });

/** A test event's body: the endpoint it was sent to. */
export const pingEventBody = (timestamp: string, webhookId: string): string =>
  JSON.stringify({ type: PING_EVENT_TYPE, timestamp, data: { webhookId } });

/** An event as stored: the body is kept as sent, so every retry carries the same bytes under the same signature. */
export interface WebhookEvent {
  eventId: string;
  type: WebhookEventType | typeof PING_EVENT_TYPE;
  /** The partner whose order or endpoint it tells of; null for a catalogue event, which is every partner's. */
  partnerId: number | null;
  /** The order it tells of; null for a test or catalogue event. */
  orderId: string | null;
  timestamp: string;
  body: string;
  /** The endpoints it was addressed to when it was made. */
  endpointIds: string[];
}
