// The response shapes of the partner operations: the one declaration of each answer's shape, as components built on
// first use (lib/schema.ts). The domain's types are `Shape` of these, imported as types only.
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';
import { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import { ORDER_STATUSES } from '#lib/partner/order.ts';
import { KEY_SCOPES, LOOKUP_REASONS } from '#lib/partner/schemas.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#lib/partner/audit-log-schemas.ts';
import { API_VERSIONS } from '#lib/versions/api-versions.ts';

export const apiKeySchema = component('ApiKey', () =>
  z.object({
    id: z.string(),
    name: z.nullable(z.string()),
    // Keys stored before prefixes were recorded show the common prefix alone.
    prefix: z.string(),
    scope: z.enum(KEY_SCOPES),
    // The API version its requests are answered in when they name none (POST /partner/api-keys/{id}/version moves it).
    version: z.enum(API_VERSIONS),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.nullable(z.iso.datetime()),
    revokedAt: z.nullable(z.iso.datetime()),
    // Set when the key was rolled: it works until then, and answers 403 FORBIDDEN from then on.
    expiresAt: z.nullable(z.iso.datetime()),
  }),
);

/**
 * A new key: what identifies it, and the key itself, shown in this answer only (and in its Idempotency-Key's replays
 * while the key works: a replay after it was revoked or ended has no `apiKey`).
 */
export const apiKeyCreatedSchema = component('ApiKeyCreated', () =>
  z.extend(z.pick(apiKeySchema.schema(), { id: true, name: true, prefix: true, scope: true, createdAt: true }), {
    apiKey: z.optional(z.string()),
  }),
);

export const apiKeyListSchema = component('ApiKeyList', () => z.object({ keys: z.array(apiKeySchema.schema()) }));

export const lookupSchema = component('Lookup', () =>
  z.object({
    plaqueId: z.int(),
    uniqueId: z.string(),
    available: z.boolean(),
    mintable: z.boolean(),
    status: z.enum(STATUSES),
    reasons: z.array(z.enum(LOOKUP_REASONS)),
  }),
);

export const tokenMetadataSchema = component('TokenMetadata', () =>
  z.object({
    name: z.string(),
    description: z.string(),
    image: z.url(),
    // The plaque's page on the stage's frontend; absent when the stage has none.
    external_url: z.optional(z.url()),
    decimals: z.literal(0),
    attributes: z.array(z.object({ trait_type: z.string(), value: z.string() })),
    properties: z.object({
      plaqueId: z.int(),
      condition: z.string(),
      marketplace: z.string(),
      alphabetPart: z.string(),
      numberPart: z.string(),
    }),
  }),
);

export const reservationSchema = component('Reservation', () =>
  z.object({
    reservationId: z.string(),
    expiresAt: z.iso.datetime(),
    price: z.number(),
    currency: z.string(),
    token: z.object({
      standard: z.string(),
      contractAddress: z.string(),
      tokenId: z.string(),
      metadata: tokenMetadataSchema.schema(),
    }),
  }),
);

export const ownerSchema = component('Owner', () =>
  z.object({
    plaqueId: z.int(),
    username: z.nullable(z.string()),
    validUsername: z.boolean(),
    // Masked `0x1234…abcd`; null when no wallet is known.
    walletAddress: z.nullable(z.string()),
  }),
);

export const saleSchema = component('Sale', () =>
  z.object({
    orderId: z.string(),
    status: z.literal('SOLD'),
    plaque: plaqueSchema.schema(),
  }),
);

// What a delivered order's mint cost the service: its share of the transaction that minted it.
const mintCostSchema = component('MintCost', () =>
  z.object({
    // The order's share of the gas its mint transaction used: orders minted in one transaction split it evenly.
    gas: z.int().check(z.minimum(0)),
    // Wei per gas the transaction paid (base fee plus tip), as a decimal string: wei amounts exceed a JSON number's
    // exact range.
    gasPriceWei: z.string().check(z.regex(/^\d+$/)),
    // gas × gasPriceWei: what the order's mint cost the service, in wei, as a decimal string.
    feeWei: z.string().check(z.regex(/^\d+$/)),
    // Orders the same transaction delivered, this one among them.
    tokensInTransaction: z.int().check(z.minimum(1)),
  }),
);

export const orderSchema = component('Order', () =>
  z.object({
    orderId: z.string(),
    status: z.enum(ORDER_STATUSES),
    plaqueId: z.int(),
    plaqueName: z.string(),
    price: z.number(),
    currency: z.string(),
    buyerWallet: z.string(),
    txHash: z.nullable(z.string()),
    // The mint transaction on the stage's block explorer; null without a transaction or without an explorer.
    explorerUrl: z.nullable(z.url()),
    // The token on the stage's block explorer, once DELIVERED; null before, or without an explorer.
    tokenUrl: z.nullable(z.url()),
    failureReason: z.nullable(z.string()),
    // The operator's reason; null unless CANCELLED.
    cancelReason: z.nullable(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deliveredAt: z.nullable(z.iso.datetime()),
    // What its mint cost, once DELIVERED by a transaction the service sent; null before, and for a token that reached
    // the buyer otherwise.
    mintCost: z.nullable(mintCostSchema.schema()),
  }),
);

export const orderPageSchema = component('OrderPage', () =>
  z.object({
    orders: z.array(orderSchema.schema()),
    nextCursor: z.nullable(z.string()),
  }),
);

export const usageReportSchema = component('UsageReport', () =>
  z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    keys: z.array(
      z.object({
        id: z.string(),
        prefix: z.string(),
        // Every UTC day of the window (`YYYY-MM-DD`), oldest first; 0 requests where none.
        days: z.array(z.object({ date: z.iso.date(), requests: z.int().check(z.minimum(0)) })),
      }),
    ),
  }),
);

/** A page of the partner's audit log, newest first. */
export const auditLogPageSchema = component('AuditLogPage', () =>
  z.object({
    entries: z.array(
      z.object({
        id: z.string(),
        action: z.enum(AUDIT_ACTIONS),
        target: z.object({
          type: z.enum(AUDIT_TARGET_TYPES),
          id: z.string(),
          // A sign-in's method, a roll's new key, a resend's event, a version move's version; null for the others.
          detail: z.nullable(z.string()),
        }),
        actor: z.object({ id: z.int(), email: z.string() }),
        ip: z.nullable(z.string()),
        at: z.iso.datetime(),
      }),
    ),
    nextCursor: z.nullable(z.string()),
  }),
);
