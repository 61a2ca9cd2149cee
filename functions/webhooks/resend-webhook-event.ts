// POST /partner/webhooks/{id}/resend: sends one of the partner's events of the last 30 days to the endpoint again, now.
import { httpHandler } from '#lib/http/handler.ts';
import { accepted } from '#lib/http/response.ts';
import { resendWebhookEvent } from '#lib/http/operations/webhooks/resend-webhook-event.ts';
import { resendEvent } from '#lib/webhooks/resend.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(resendWebhookEvent, async ({ input, principal, ctx, once, request }) =>
  accepted(await resendEvent(ctx, principal.id, input.id, input.eventId, once, auditCallerOf(principal, request))),
);
