// Sending one of the partner's events to one of its endpoints again, now: a delivery of the stored event (the same
// body, the same `webhook-id`) in a lane of its own, so it does not wait behind the order's other events, sent and
// logged like any other, its attempts numbered on from those the event already had at the endpoint.
import { randomBytes } from 'node:crypto';
import { notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { ownEndpoint } from '#lib/webhooks/endpoints.ts';
import { isKept, PING_POSITION } from '#lib/webhooks/events.ts';
import { newDelivery } from '#lib/webhooks/deliveries.ts';
import { wakeupQueueOf } from '#lib/webhooks/queue.ts';
import type { webhookResentSchema } from '#lib/webhooks/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

type WebhookResent = Shape<typeof webhookResentSchema>;

/** A resend's lane: one delivery, alone. */
const resendLaneId = (): string => `resend_${randomBytes(12).toString('base64url')}`;

/**
 * Queues the partner's event `eventId` for its endpoint `id`, sent at once; 404 EVENT_NOT_FOUND for an unknown, foreign
 * or expired event. With `caller`, the audit log's entry is written in the delivery's transaction.
 */
export async function resendEvent(
  ctx: AppContext,
  partnerId: number,
  id: string,
  eventId: string,
  once?: Once,
  caller?: AuditCaller,
): Promise<WebhookResent> {
  const endpoint = await ownEndpoint(ctx, partnerId, id);
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const event = await repo.getEvent(eventId);
  const now = ctx.now();
  // A catalogue event (no partner) is every partner's.
  if (!event || (event.partnerId !== null && event.partnerId !== partnerId) || !isKept(event, now)) {
    throw notFound('EVENT_NOT_FOUND', 'no such event of yours in the last 30 days');
  }
  const lane = { endpointId: endpoint.id, laneId: resendLaneId() };
  const answer: WebhookResent = { eventId: event.eventId };
  const earlier = await repo.attemptTally(endpoint.id, event.eventId);
  await repo.addDelivery(newDelivery(lane, PING_POSITION, event.eventId, now.toISOString(), earlier), [
    ...(once ? [once.completion(answer)] : []),
    ...(caller ? [auditItemOf(ctx, caller, 'webhook.resent', { type: 'webhook', id: endpoint.id, detail: event.eventId })] : []),
  ]);
  await wakeupQueueOf(ctx).send([{ lane, delayMs: 0 }]);
  return answer;
}
