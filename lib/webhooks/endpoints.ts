// A partner's webhook endpoints, managed by the signed-in partner user: listed, deleted, and their recent delivery
// attempts; registered in registration.ts and sent a test event in test-event.ts, the two operations that reach the
// secret box and the wake-up queue (a function imports only the ports it calls, see ports.ts).
import { notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type WebhookEndpoint } from '#lib/db/webhook-repo.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { webhookDeliveriesSchema, webhookListSchema, webhookSchema } from '#lib/webhooks/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';
import { endpointVersion } from '#lib/webhooks/payload.ts';

export { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';

/** An endpoint as its partner sees it: never its secret. */
export type WebhookView = Shape<typeof webhookSchema>;
type WebhookList = Shape<typeof webhookListSchema>;
type WebhookDeliveries = Shape<typeof webhookDeliveriesSchema>;

export const present = (endpoint: WebhookEndpoint): WebhookView => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  createdAt: endpoint.createdAt,
  version: endpointVersion(endpoint),
});

export const noSuchWebhook = () => notFound('WEBHOOK_NOT_FOUND', 'no such webhook endpoint');

/** The partner's endpoints, newest first. */
export async function listWebhooks(ctx: AppContext, partnerId: number): Promise<WebhookList> {
  const endpoints = await webhookRepo(dbOf(ctx), ctx.tableName).listEndpoints(partnerId);
  return { webhooks: endpoints.reverse().map(present) };
}

/**
 * Deletes the partner's endpoint: nothing more is sent to it, events waiting for it included. With `caller`, the audit
 * log's entry is written in the deletion's transaction.
 */
export async function deleteWebhook(ctx: AppContext, partnerId: number, id: string, caller?: AuditCaller): Promise<void> {
  const audit = caller ? [auditItemOf(ctx, caller, 'webhook.deleted', { type: 'webhook', id })] : [];
  if ((await webhookRepo(dbOf(ctx), ctx.tableName).deleteEndpoint(id, partnerId, audit)).kind === 'not-found') throw noSuchWebhook();
}

/** The partner's endpoint `id`; 404 WEBHOOK_NOT_FOUND for an unknown id and for another partner's. */
export async function ownEndpoint(ctx: AppContext, partnerId: number, id: string): Promise<WebhookEndpoint> {
  const endpoint = await webhookRepo(dbOf(ctx), ctx.tableName).getEndpoint(id);
  if (!endpoint || endpoint.partnerId !== partnerId) throw noSuchWebhook();
  return endpoint;
}

/**
 * The endpoint's most recent attempts, newest first, each with the order its event tells of. An attempt logged before
 * the order was recorded with it (kept 30 days) takes it from its event, read once per event.
 */
export async function listDeliveries(ctx: AppContext, partnerId: number, id: string, limit: number): Promise<WebhookDeliveries> {
  await ownEndpoint(ctx, partnerId, id);
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const attempts = await repo.recentAttempts(id, limit);
  const unrecorded = [...new Set(attempts.filter((a) => a.orderId === undefined).map((a) => a.eventId))];
  const events = new Map(
    await Promise.all(unrecorded.map(async (eventId) => [eventId, (await repo.getEvent(eventId))?.orderId ?? null] as const)),
  );
  return {
    deliveries: attempts.map(({ endpointId: _endpoint, orderId, ...attempt }) => ({
      ...attempt,
      orderId: orderId === undefined ? (events.get(attempt.eventId) ?? null) : orderId,
    })),
  };
}
