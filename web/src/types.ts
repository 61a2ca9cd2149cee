// What the dashboard reads from the API: the shapes of the partner dashboard's operations (and the sign-in), named
// from the published OpenAPI document's schemas as the client package types them (packages/client, written by
// `npm run openapi`), so a change of the service's answers shows here as a type error.
import type { components } from '@plaque-marketplace/client';

type Schemas = components['schemas'];

/** True only when `A` and `B` are the same union of values: the lists below are the document's enumerations. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type Order = Schemas['Order'];
export type OrderStatus = Order['status'];
export const ORDER_STATUSES = ['SOLD', 'MINTING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;
true satisfies Same<(typeof ORDER_STATUSES)[number], OrderStatus>;

export type OrderPage = Schemas['OrderPage'];
/** A page of the partner's audit log: sign-ins and key and webhook changes, newest first. */
export type AuditLogPage = Schemas['AuditLogPage'];
export type AuditAction = AuditLogPage['entries'][number]['action'];
/** A page of the partner's order events (GET /partner/events, read with an API key). */
export type EventPage = Schemas['EventPage'];
export type ApiKey = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['ApiKeyCreated'];
export type KeyScope = ApiKey['scope'];
export type UsageReport = Schemas['UsageReport'];
/** The usage report and the daily quota of every key its answer names (`RateLimit-Policy`), null when it names none. */
export type UsageView = UsageReport & { dailyQuota: number | null };

/** An endpoint as listed; the answer to a registration adds the only showing of its signing secret. */
export type Webhook = Schemas['WebhookList']['webhooks'][number];
export type CreatedWebhook = Schemas['WebhookCreated'];
/** An endpoint's new secret after a rotation (shown once), and until when the replaced one still signs. */
export type WebhookSecret = Schemas['WebhookSecret'];
export type WebhookEvent = Webhook['events'][number];
/** The events an endpoint may subscribe to (docs/webhooks.md): the partner's orders', then the catalogue's. */
export const ORDER_WEBHOOK_EVENTS = ['order.sold', 'order.minting', 'order.delivered', 'order.failed', 'order.cancelled'] as const;
export const CATALOGUE_WEBHOOK_EVENTS = [
  'plaque.listed',
  'plaque.price_changed',
  'plaque.status_changed',
  'plaque.metadata_updated',
  'catalogue.imported',
] as const;
export const WEBHOOK_EVENTS = [...ORDER_WEBHOOK_EVENTS, ...CATALOGUE_WEBHOOK_EVENTS] as const;
true satisfies Same<(typeof WEBHOOK_EVENTS)[number], WebhookEvent>;

/** One attempt to deliver an event to an endpoint, from its delivery log (newest first); `type` is `ping` for a test. */
export type WebhookAttempt = Schemas['WebhookDeliveries']['deliveries'][number];

/** What the partner owes the service per currency, and its ledger (amounts in minor units of each currency). */
export type Balance = Schemas['Balance'];
export type LedgerPage = Schemas['LedgerPage'];
export type EntryType = Schemas['LedgerEntry']['type'];
export const ENTRY_TYPES = ['sale', 'reversal', 'payment'] as const;
true satisfies Same<(typeof ENTRY_TYPES)[number], EntryType>;
/** A month's statement: per currency the opening, the month's sales, reversals and payments, and the closing. */
export type Statement = Schemas['Statement'];

export type CodeSent = Schemas['CodeSent'];
export type SignedIn = Schemas['SignedIn'];

/**
 * A problem document as the dashboard reads it: the API's (Schemas['Problem']), or the stand-in the client makes of an
 * answer that is not one (web/src/api.ts), which has only a status, a code and a detail.
 */
export type Problem = Pick<Schemas['Problem'], 'status' | 'code' | 'errors'> & Partial<Pick<Schemas['Problem'], 'title' | 'detail'>>;
