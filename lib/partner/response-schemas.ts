// Response shapes of the partner operations, as zod schemas for the OpenAPI document.
// Kept apart from the request schemas: only the OpenAPI function builds these, not every handler at cold start.
import * as z from 'zod/mini';
import { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { STATUSES } from '#lib/plaques/plaque.ts';
import { ORDER_STATUSES } from '#lib/partner/order.ts';
import { LOOKUP_REASONS } from '#lib/partner/schemas.ts';

export const apiKeyCreatedSchema = z
  .object({
    id: z.string(),
    apiKey: z.string(),
    name: z.nullable(z.string()),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'ApiKeyCreated' });

const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.nullable(z.string()),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.nullable(z.iso.datetime()),
    revokedAt: z.nullable(z.iso.datetime()),
  })
  .register(z.globalRegistry, { id: 'ApiKey' });

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

const tokenMetadataSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    image: z.url(),
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
    explorerUrl: z.nullable(z.url()),
    failureReason: z.nullable(z.string()),
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
        days: z.array(z.object({ date: z.iso.date(), requests: z.int().check(z.minimum(0)) })),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'UsageReport' });
