// The declaration of sendWebhookTest: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { PING_EVENT_TYPE } from '#lib/webhooks/events.ts';
import { sendTestBody } from '#lib/webhooks/test-schema.ts';
import { delivery, idPath, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookTestSentSchema } from '#lib/webhooks/response-schemas.ts';

export const sendWebhookTest = operation({
  method: 'POST',
  path: '/partner/webhooks/{id}/test',
  operationId: 'sendWebhookTest',
  auth: signedInUser,
  // Stores the test event and wakes the sender for it.
  access: { table: 'readWrite', webhookQueue: true },
  summary: 'Send a test event to a webhook endpoint',
  description: [
    managed,
    `Queues a \`${PING_EVENT_TYPE}\` event for the endpoint, whatever events it subscribed to, and answers 202 with its id at once; it is ` +
      `sent within seconds, signed and retried like any other event. The request takes no body, or an empty JSON object (typed clients see a body with no members: \`{}\`, or leave it out). The event's body is \`{ "type": "${PING_EVENT_TYPE}", "timestamp", ` +
      '"data": { "webhookId" } }`. The delivery log shows how it went.',
    delivery,
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: idPath, body: { contentType: 'application/json', schema: sendTestBody, required: false } },
  example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
  responses: { 202: { description: 'Queued', schema: shapeNamed<typeof webhookTestSentSchema>('WebhookTestSent') } },
  errors: { 404: ['WEBHOOK_NOT_FOUND'] },
});
