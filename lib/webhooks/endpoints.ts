// A partner's webhook endpoints, managed by the signed-in partner user: registered (the secret shown once, stored
// sealed), listed, deleted, sent a test event, and their recent delivery attempts.
import { randomBytes } from 'node:crypto';
import { badRequest, conflict, notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type WebhookAttempt, type WebhookEndpoint } from '#lib/db/webhook-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { checkUrlForm, resolveAllowed, UrlRefused } from '#lib/webhooks/address-guard.ts';
import {
  newPingEventId,
  PING_EVENT_TYPE,
  PING_POSITION,
  pingEventBody,
  pingLaneId,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '#lib/webhooks/events.ts';
import { resolverOf, secretBoxOf, urlPolicyOf, wakeupQueueOf } from '#lib/webhooks/ports.ts';
import { newWebhookSecret } from '#lib/webhooks/secrets.ts';
import type { CreateWebhookBody } from '#lib/webhooks/create-schema.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';

export { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';

const newWebhookId = (): string => `wh_${randomBytes(16).toString('base64url')}`;

/** An endpoint as its partner sees it: never its secret. */
export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

export interface CreatedWebhook extends WebhookView {
  /** Shown here only. */
  secret: string;
}

const present = (endpoint: WebhookEndpoint): WebhookView => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  createdAt: endpoint.createdAt,
});

const noSuchWebhook = () => notFound('WEBHOOK_NOT_FOUND', 'no such webhook endpoint');

/** Checks the URL as a send would (form, then every address its host resolves to now); 400 INVALID_WEBHOOK_URL. */
async function allowedUrl(ctx: AppContext, raw: string): Promise<URL> {
  const policy = urlPolicyOf(ctx);
  try {
    const url = checkUrlForm(raw, policy);
    await resolveAllowed(url, policy, resolverOf(ctx));
    return url;
  } catch (error) {
    if (error instanceof UrlRefused)
      throw badRequest('INVALID_WEBHOOK_URL', error.message, { errors: [{ path: 'url', message: error.message }] });
    throw error;
  }
}

export async function createWebhook(ctx: AppContext, partnerId: number, body: CreateWebhookBody): Promise<CreatedWebhook> {
  const url = await allowedUrl(ctx, body.url);
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const id = newWebhookId();
  const secret = newWebhookSecret();
  const endpoint: WebhookEndpoint = {
    id,
    partnerId,
    url: url.href,
    // In the catalogue's order, each once.
    events: WEBHOOK_EVENT_TYPES.filter((type) => body.events.includes(type)),
    sealedSecret: await secretBoxOf(ctx).seal(secret, { webhookId: id, partnerId }),
    createdAt: ctx.now().toISOString(),
  };
  if ((await repo.createEndpoint(endpoint, MAX_WEBHOOKS)) === 'limit-reached') {
    throw conflict('WEBHOOK_LIMIT_REACHED', `at most ${MAX_WEBHOOKS} webhook endpoints per partner; delete one first`);
  }
  return { ...present(endpoint), secret };
}

/** The partner's endpoints, newest first. */
export async function listWebhooks(ctx: AppContext, partnerId: number): Promise<{ webhooks: WebhookView[] }> {
  const endpoints = await webhookRepo(dbOf(ctx), ctx.tableName).listEndpoints(partnerId);
  return { webhooks: endpoints.reverse().map(present) };
}

/** Deletes the partner's endpoint: nothing more is sent to it, events waiting for it included. */
export async function deleteWebhook(ctx: AppContext, partnerId: number, id: string): Promise<void> {
  if ((await webhookRepo(dbOf(ctx), ctx.tableName).deleteEndpoint(id, partnerId)) === 'not-found') throw noSuchWebhook();
}

async function ownEndpoint(ctx: AppContext, partnerId: number, id: string): Promise<WebhookEndpoint> {
  const endpoint = await webhookRepo(dbOf(ctx), ctx.tableName).getEndpoint(id);
  if (!endpoint || endpoint.partnerId !== partnerId) throw noSuchWebhook();
  return endpoint;
}

/** Queues a `ping` event for the endpoint, sent at once and retried like any other event. */
export async function sendTestEvent(ctx: AppContext, partnerId: number, id: string): Promise<{ eventId: string }> {
  const endpoint = await ownEndpoint(ctx, partnerId, id);
  const eventId = newPingEventId();
  const now = ctx.now().toISOString();
  const laneId = pingLaneId(eventId);
  const stored = await webhookRepo(dbOf(ctx), ctx.tableName).storeEvent(
    {
      eventId,
      type: PING_EVENT_TYPE,
      partnerId,
      orderId: null,
      timestamp: now,
      body: pingEventBody(now, endpoint.id),
      endpointIds: [endpoint.id],
    },
    [
      {
        endpointId: endpoint.id,
        laneId,
        position: PING_POSITION,
        eventId,
        attempts: 0,
        nextAttemptAt: now,
        leaseId: null,
        leaseUntil: null,
        createdAt: now,
      },
    ],
  );
  if (stored.kind !== 'stored') throw new Error(`test event ${eventId} collided with another`);
  await wakeupQueueOf(ctx).send([{ lane: { endpointId: endpoint.id, laneId }, delayMs: 0 }]);
  return { eventId };
}

/** The endpoint's most recent attempts, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  partnerId: number,
  id: string,
  limit: number,
): Promise<{ deliveries: Omit<WebhookAttempt, 'endpointId'>[] }> {
  await ownEndpoint(ctx, partnerId, id);
  const attempts = await webhookRepo(dbOf(ctx), ctx.tableName).recentAttempts(id, limit);
  return { deliveries: attempts.map(({ endpointId: _endpoint, ...attempt }) => attempt) };
}
