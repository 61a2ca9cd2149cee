// The declaration of resendWebhookEvent: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';
import { resendBody } from '#lib/webhooks/resend-schema.ts';
import { delivery, idPath, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookResentSchema } from '#lib/webhooks/response-schemas.ts';

export const resendWebhookEvent = operation({
  method: 'POST',
  path: '/partner/webhooks/{id}/resend',
  operationId: 'resendWebhookEvent',
  auth: signedInUser,
  idempotency: idempotencyKeys,
  // Queues a delivery of the stored event and wakes the sender for it.
  access: { table: 'readWrite', webhookQueue: true },
  summary: 'Send one of your events to a webhook endpoint again',
  description: [
    managed,
    'Sends the event `eventId` (an `id` of GET /partner/events, or the `webhook-id` of a delivery) to the endpoint again, now, and ' +
      "answers 202 with its id at once: the same body under the same `webhook-id`, signed with the endpoint's secrets of the moment and " +
      'retried like any other event. It shows in the delivery log as further attempts of that event. It is sent whatever events the ' +
      "endpoint subscribed to, and does not wait behind the order's other events.",
    'An event of another partner, an unknown one and one older than 30 days (events are kept 30 days) answer 404 EVENT_NOT_FOUND; ' +
      'nothing is queued.',
    delivery,
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: idPath, body: { contentType: 'application/json', schema: resendBody } },
  example: example(['webhookId', 'eventId'], ({ webhookId, eventId }) => ({ path: { id: webhookId }, body: { eventId } })),
  responses: { 202: { description: 'Queued', schema: shapeNamed<typeof webhookResentSchema>('WebhookResent') } },
  errors: { 404: ['WEBHOOK_NOT_FOUND', 'EVENT_NOT_FOUND'] },
});
