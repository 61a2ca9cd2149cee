// The declaration of listWebhookDeliveries: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { deliveriesQuery, MAX_DELIVERIES_LIMIT } from '#lib/webhooks/deliveries-schema.ts';
import { idPath, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookDeliveriesSchema } from '#lib/webhooks/response-schemas.ts';

export const listWebhookDeliveries = operation({
  method: 'GET',
  path: '/partner/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  auth: signedInUser,
  access: { table: 'read' },
  summary: "A webhook endpoint's recent delivery attempts",
  description: [
    managed,
    `The most recent attempts first, \`limit\` of them (1–${MAX_DELIVERIES_LIMIT}, default 20), kept 30 days. Each is one try of one ` +
      'event: `orderId` names the order the event tells of (null for a test event); `attempt` counts from 1; `statusCode` is what the endpoint answered (null when nothing came back in time, the connection ' +
      'failed, or the address was refused); `error` says what went wrong (null on a 2xx); `nextAttemptAt` is when the event is tried again, ' +
      'null once it was delivered or, after its last retry, recorded as failed. An attempt cut short by a crash of the sender is not ' +
      'listed; the event is sent again (same `webhook-id`) under the next number.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: idPath, query: deliveriesQuery },
  example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
  responses: { 200: { description: 'The recent attempts', schema: shapeNamed<typeof webhookDeliveriesSchema>('WebhookDeliveries') } },
  errors: { 404: ['WEBHOOK_NOT_FOUND'] },
});
