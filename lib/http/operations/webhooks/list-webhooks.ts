// The declaration of listWebhooks: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookListSchema } from '#lib/webhooks/response-schemas.ts';

export const listWebhooks = operation({
  method: 'GET',
  path: '/partner/webhooks',
  operationId: 'listWebhooks',
  auth: signedInUser,
  access: { table: 'read' },
  summary: "The partner's webhook endpoints",
  description: [
    managed,
    'Newest first; secrets are never shown again. `version` is the API version every delivery to the endpoint is shaped for ' +
      "(its body's `apiVersion`): the newest when it was registered; 2026-11-23 for one registered before versions.",
  ].join('\n\n'),
  tag: partnerTag,
  // The caller has an endpoint, so there is one to list.
  example: example(['webhookId'], () => ({})),
  responses: { 200: { description: 'The endpoints', schema: shapeNamed<typeof webhookListSchema>('WebhookList') } },
});
