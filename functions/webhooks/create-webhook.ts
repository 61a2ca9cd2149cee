// POST /partner/webhooks: the signed-in partner registers an endpoint for order events (its secret shown once).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { createWebhook as createOperation } from '#lib/http/operations/webhooks/create-webhook.ts';
import { createWebhook } from '#lib/webhooks/registration.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(createOperation, async ({ input, principal, ctx, once, request }) =>
  created(await createWebhook(ctx, principal.id, input, once, auditCallerOf(principal, request))),
);
