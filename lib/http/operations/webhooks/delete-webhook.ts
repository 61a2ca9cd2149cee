// The declaration of deleteWebhook: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idPath, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';

export const deleteWebhook = operation({
  method: 'DELETE',
  path: '/partner/webhooks/{id}',
  operationId: 'deleteWebhook',
  auth: signedInUser,
  access: { table: 'readWrite' },
  summary: 'Delete a webhook endpoint',
  description: [
    managed,
    'Answers 204 with no body. Nothing more is sent to the endpoint, events still waiting for it included; its delivery log goes with it.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: idPath },
  example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId } })),
  responses: { 204: { description: 'Deleted' } },
  errors: { 404: ['WEBHOOK_NOT_FOUND'] },
});
