// The zod schemas the OpenAPI document names, by name. Building this module builds every operation's schemas, so only
// the OpenAPI function (and tests) import it; the route table refers to these names as types only.
import * as z from 'zod/mini';
import { featuredFilters, listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { featuredPageSchema, plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { evaluateCodeInput } from '#lib/accounts/evaluate-code-schema.ts';
import { loginInput } from '#lib/accounts/login-schema.ts';
import { requestCodeInput } from '#lib/accounts/schemas.ts';
import { codeSentSchema, jwksSchema, profileFormDoc, signedInSchema, userSchema } from '#lib/accounts/response-schemas.ts';
import { apiKeyIdParam } from '#lib/partner/api-key-schemas.ts';
import { createApiKeyBody } from '#lib/partner/create-api-key-schema.ts';
import { buyBody, idempotencyKeyHeader } from '#lib/partner/buy-schemas.ts';
import { prepareBody } from '#lib/partner/prepare-schemas.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';
import { listOrdersInput } from '#lib/partner/order-list-schemas.ts';
import { usageInput } from '#lib/partner/usage-schemas.ts';
import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  lookupSchema,
  orderPageSchema,
  usageReportSchema,
  orderSchema,
  ownerSchema,
  reservationSchema,
  saleSchema,
  tokenMetadataSchema,
} from '#lib/partner/response-schemas.ts';
import { createWebhookBody } from '#lib/webhooks/create-schema.ts';
import { deliveriesQuery } from '#lib/webhooks/deliveries-schema.ts';
import { webhookIdParam } from '#lib/webhooks/schemas.ts';
import { sendTestBody } from '#lib/webhooks/test-schema.ts';
import { webhookCreatedSchema, webhookDeliveriesSchema, webhookListSchema, webhookTestSentSchema } from '#lib/webhooks/response-schemas.ts';

/** Request bodies (inline in the document) and query parameter sets (each member becomes one parameter). */
export const requestSchemas = {
  ListFeaturedRequest: listFeaturedInput,
  RequestCodeRequest: requestCodeInput,
  EvaluateCodeRequest: evaluateCodeInput,
  LoginRequest: loginInput,
  ProfileForm: profileFormDoc,
  CreateApiKeyRequest: createApiKeyBody,
  PrepareRequest: prepareBody,
  BuyRequest: buyBody,
  CreateWebhookRequest: createWebhookBody,
  SendWebhookTestRequest: sendTestBody,
  WebhookDeliveriesQuery: deliveriesQuery,
  ListOrdersRequest: listOrdersInput,
  UsageRequest: usageInput,
} satisfies Record<string, z.ZodMiniType>;

/** Objects a request member carries as JSON text (a query parameter), named so a client can type them. */
export const jsonTextSchemas = {
  FeaturedFilters: featuredFilters,
} satisfies Record<string, z.ZodMiniType>;

/** Path parameters and request headers. */
export const parameterSchemas = {
  PlaqueId: plaqueIdParam,
  ApiKeyId: apiKeyIdParam,
  // Order ids are opaque: any id answers, unknown ones 404 (functions/partner/get-order.ts).
  OrderId: z.string().check(z.minLength(1)),
  IdempotencyKey: idempotencyKeyHeader,
  WebhookId: webhookIdParam,
} satisfies Record<string, z.ZodMiniType>;

/** Response bodies: each becomes a component schema, referenced where another one embeds it. */
export const responseSchemas = {
  Plaque: plaqueSchema,
  FeaturedPage: featuredPageSchema,
  User: userSchema,
  CodeSent: codeSentSchema,
  SignedIn: signedInSchema,
  Jwks: jwksSchema,
  ApiKeyCreated: apiKeyCreatedSchema,
  ApiKey: apiKeySchema,
  ApiKeyList: apiKeyListSchema,
  Lookup: lookupSchema,
  TokenMetadata: tokenMetadataSchema,
  Reservation: reservationSchema,
  Owner: ownerSchema,
  Sale: saleSchema,
  Order: orderSchema,
  WebhookCreated: webhookCreatedSchema,
  WebhookList: webhookListSchema,
  WebhookTestSent: webhookTestSentSchema,
  WebhookDeliveries: webhookDeliveriesSchema,
  OrderPage: orderPageSchema,
  UsageReport: usageReportSchema,
  OpenApiDocument: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
} satisfies Record<string, z.ZodMiniType>;

export type RequestSchemaName = keyof typeof requestSchemas;
export type ParameterSchemaName = keyof typeof parameterSchemas;
export type ResponseSchemaName = keyof typeof responseSchemas;
