// The response shapes of the partner operations: the one declaration of each answer's shape. The domain's types are
// z.infer of these schemas, imported as types only: no deployed function builds them at cold start; the operation
// manifest's readers (the OpenAPI writer, the CDK app, the local server) and tests do. Kept apart from the request
// schemas, which handlers build.
import * as z from 'zod/mini';
import { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import { ORDER_STATUSES } from '#lib/partner/order.ts';
import { KEY_SCOPES, LOOKUP_REASONS } from '#lib/partner/schemas.ts';

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.nullable(z.string()),
    // Keys stored before prefixes were recorded show the common prefix alone.
    prefix: z.string(),
    scope: z.enum(KEY_SCOPES),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.nullable(z.iso.datetime()),
    revokedAt: z.nullable(z.iso.datetime()),
    // Set when the key was rolled: it works until then, and answers 403 FORBIDDEN from then on.
    expiresAt: z.nullable(z.iso.datetime()),
  })
  .register(z.globalRegistry, { id: 'ApiKey' });

/** A new key: what identifies it, and the key itself, shown in this answer only. */
export const apiKeyCreatedSchema = z
  .extend(z.pick(apiKeySchema, { id: true, name: true, prefix: true, scope: true, createdAt: true }), { apiKey: z.string() })
  .register(z.globalRegistry, { id: 'ApiKeyCreated' });

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) }).register(z.globalRegistry, { id: 'ApiKeyList' });

export const lookupSchema = z
  .object({
    plaqueId: z.int(),
    uniqueId: z.string(),
    available: z.boolean(),
    mintable: z.boolean(),
    status: z.enum(STATUSES),
    reasons: z.array(z.enum(LOOKUP_REASONS)),
  })
  .register(z.globalRegistry, { id: 'Lookup' });

export const tokenMetadataSchema = z
  .object({
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
  })
  .register(z.globalRegistry, { id: 'TokenMetadata' });

export const reservationSchema = z
  .object({
    reservationId: z.string(),
    expiresAt: z.iso.datetime(),
    price: z.number(),
    currency: z.string(),
    token: z.object({
      standard: z.string(),
      contractAddress: z.string(),
      tokenId: z.string(),
      metadata: tokenMetadataSchema,
    }),
  })
  .register(z.globalRegistry, { id: 'Reservation' });

export const ownerSchema = z
  .object({
    plaqueId: z.int(),
    username: z.nullable(z.string()),
    validUsername: z.boolean(),
    // Masked `0x1234…abcd`; null when no wallet is known.
    walletAddress: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Owner' });

export const saleSchema = z
  .object({
    orderId: z.string(),
    status: z.literal('SOLD'),
    plaque: plaqueSchema,
  })
  .register(z.globalRegistry, { id: 'Sale' });

export const orderSchema = z
  .object({
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
  })
  .register(z.globalRegistry, { id: 'Order' });

export const orderPageSchema = z
  .object({
    orders: z.array(orderSchema),
    nextCursor: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'OrderPage' });

export const usageReportSchema = z
  .object({
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
  })
  .register(z.globalRegistry, { id: 'UsageReport' });
