// POST /partner/webhooks/{id}/rotate-secret: a new secret for the endpoint (shown once); the old one still signs beside
// it until it expires.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { rotateWebhookSecret } from '#lib/http/operations/webhooks/rotate-webhook-secret.ts';
import { rotateSecret } from '#lib/webhooks/secret-rotation.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(rotateWebhookSecret, async ({ input, principal, ctx, request }) =>
  ok(await rotateSecret(ctx, principal.id, input.id, input.expiresInHours, auditCallerOf(principal, request))),
);
