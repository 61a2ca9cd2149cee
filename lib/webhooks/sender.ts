// The sender: woken for a lane (one order's events, or one test event, for one endpoint), it sends the lane's head —
// and the next one once that is done — signed as Standard Webhooks asks, to the endpoint's address checked just
// before, and records every attempt. A failed attempt leaves the event at the head until its retry is due, so the
// order's later events wait behind it: events of one order reach an endpoint in the order of its moves.
//
// At least once: an attempt is claimed (a lease) before it is sent and recorded after, so a sender that dies in
// between leaves the lease to lapse and its wake-up to come back (SQS makes an unacknowledged message visible again);
// the next attempt sends the same event, with the same `webhook-id`, again.
import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type WebhookEndpoint } from '#lib/db/webhook-repo.ts';
import type { WebhookAttempt, WebhookDelivery } from '#lib/webhooks/deliveries.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { logger } from '#lib/runtime/logger.ts';
import { checkUrlForm, resolveAllowed, UrlRefused } from '#lib/webhooks/address-guard.ts';
import type { WebhookEvent } from '#lib/webhooks/events.ts';
import { postWebhook, type PostOutcome } from '#lib/webhooks/http-post.ts';
import { WEBHOOK_ATTEMPT_FAILED_MESSAGE, WEBHOOK_EVENT_FAILED_MESSAGE } from '#lib/webhooks/log-events.ts';
import { resolverOf, urlPolicyOf } from '#lib/webhooks/ports.ts';
import { secretBoxOf } from '#lib/webhooks/secrets.ts';
import { laneOfMessage, wakeupQueueOf, type Lane } from '#lib/webhooks/queue.ts';
import { DELIVERY_TIMEOUT_MS, isSuccessStatus, judgeAttempt, RETRY_DELAYS_MS } from '#lib/webhooks/retry-schedule.ts';
import { endpointVersion, versionedEventBody } from '#lib/webhooks/payload.ts';

const USER_AGENT = 'plaque-webhooks/1';

export interface SenderOptions {
  /** Waits before attempts 2, 3, …; RETRY_DELAYS_MS unless given (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** How long a receiver has to answer; DELIVERY_TIMEOUT_MS unless given. */
  timeoutMs?: number;
  /** How long an attempt's claim outlives its time limit before another sender may take the event over. */
  leaseMarginMs?: number;
  /** Epoch ms by which this run must have finished (the Lambda deadline): no attempt is begun that could outlast it. */
  deadline?: number;
}

const LEASE_MARGIN_MS = 30_000;
/** Heads read per lane and wake-up at most: a lane that keeps changing under the sender is looked at again later. */
const MAX_STEPS = 50;

// Opened secrets, by endpoint and seal: a sealed secret never changes (a rotation seals a new one), and opening it
// costs a KMS call.
const openedSecrets = new Map<string, Promise<string>>();
function openSecret(ctx: AppContext, endpoint: WebhookEndpoint, sealed: string): Promise<string> {
  const key = `${endpoint.id}\n${sealed}`;
  let opened = openedSecrets.get(key);
  if (!opened) {
    if (openedSecrets.size >= 1000) openedSecrets.clear();
    opened = secretBoxOf(ctx).open(sealed, { webhookId: endpoint.id, partnerId: endpoint.partnerId });
    opened.catch(() => openedSecrets.delete(key));
    openedSecrets.set(key, opened);
  }
  return opened;
}

/** The secrets that sign a delivery sent at `now`: the endpoint's own, then the one a rotation replaced until it expires. */
function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous = endpoint.previousSecret;
  const live = previous !== null && Date.parse(previous.expiresAt) > now.getTime();
  return live ? [endpoint.sealedSecret, previous.sealed] : [endpoint.sealedSecret];
}

/**
 * The Standard Webhooks headers of one attempt: the event's id, the time of sending, and the signature of both with
 * the body by each secret, space-separated.
 */
function signedHeaders(secrets: string[], event: Pick<WebhookEvent, 'eventId' | 'body'>, sentAt: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.eventId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(event.eventId, sentAt, event.body)).join(' '),
  };
}

/** One attempt: the address checked (a refusal is a failed attempt, retried like any other), signed, sent. */
async function attempt(ctx: AppContext, endpoint: WebhookEndpoint, event: WebhookEvent, timeoutMs: number): Promise<PostOutcome> {
  const policy = urlPolicyOf(ctx);
  const startedAt = performance.now();
  let url: URL;
  let addresses;
  try {
    url = checkUrlForm(endpoint.url, policy);
    addresses = await resolveAllowed(url, policy, resolverOf(ctx));
  } catch (error) {
    if (!(error instanceof UrlRefused)) throw error;
    return { statusCode: null, error: `not sent: ${error.message}`, durationMs: Math.round(performance.now() - startedAt) };
  }
  const sentAt = ctx.now();
  const secrets = await Promise.all(signingSecrets(endpoint, sentAt).map((sealed) => openSecret(ctx, endpoint, sealed)));
  // Shaped for the endpoint's version, and signed as sent.
  const body = versionedEventBody(event.body, endpointVersion(endpoint));
  const headers = signedHeaders(secrets, { eventId: event.eventId, body }, sentAt);
  return postWebhook({ url, addresses, headers, body, timeoutMs });
}

/**
 * Sends what is due in the lane, head after head. Answers when to look at the lane again (epoch ms), or null when the
 * lane is empty. A head held by another sender's live attempt is looked at again when that attempt's lease lapses:
 * should that sender die, the lane goes on without waiting for its wake-up to come back.
 */
async function serveLane(ctx: AppContext, lane: Lane, options: SenderOptions = {}): Promise<number | null> {
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const leaseMs = timeoutMs + (options.leaseMarginMs ?? LEASE_MARGIN_MS);
  for (let step = 0; step < MAX_STEPS; step++) {
    const head = await repo.laneHead(lane);
    if (!head) return null;
    const now = ctx.now();
    if (Date.parse(head.nextAttemptAt) > now.getTime()) return Date.parse(head.nextAttemptAt);
    if (head.leaseUntil !== null && Date.parse(head.leaseUntil) > now.getTime()) return Date.parse(head.leaseUntil);
    if (options.deadline !== undefined && options.deadline - Date.now() < leaseMs) return now.getTime();

    const endpoint = await repo.getEndpoint(lane.endpointId);
    const event = endpoint ? await repo.getEvent(head.eventId) : null;
    if (!endpoint || !event) {
      // A deleted endpoint gets nothing more; an event past its keeping time cannot be sent.
      await repo.dropDelivery(head);
      logger.info('webhook delivery dropped', { ...lane, eventId: head.eventId, reason: endpoint ? 'event gone' : 'endpoint deleted' });
      continue;
    }
    const leaseId = randomUUID();
    const claimed = await repo.claimDelivery(head, leaseId, new Date(now.getTime() + leaseMs).toISOString(), now);
    if (claimed.kind === 'not-free') continue; // it changed since it was read: read the head again

    let outcome: PostOutcome;
    try {
      outcome = await attempt(ctx, endpoint, event, timeoutMs);
    } catch (error) {
      // Nothing was sent (the secret or the resolver failed): give the claim back so the retry need not wait for it.
      await repo.releaseLease(head, leaseId, ctx.now()).catch(() => false);
      throw error;
    }
    const recorded = await recordOutcome(ctx, head, leaseId, event, claimed.attempt, outcome, options.retryDelaysMs ?? RETRY_DELAYS_MS);
    if (recorded.kind === 'lost') return null;
    if (recorded.kind === 'retry') return recorded.at;
  }
  return ctx.now().getTime();
}

/**
 * Records the attempt; `done` when the event left the lane, `retry` with the retry time (epoch ms) while it stays, `lost`
 * if another sender took it over.
 */
async function recordOutcome(
  ctx: AppContext,
  delivery: WebhookDelivery,
  leaseId: string,
  event: WebhookEvent,
  number: number,
  outcome: PostOutcome,
  delays: readonly number[],
): Promise<{ kind: 'done' } | { kind: 'retry'; at: number } | { kind: 'lost' }> {
  const at = ctx.now();
  // The schedule counts this delivery's own attempts; the log numbers them on from the event's earlier ones (a resend).
  const verdict = judgeAttempt(number - delivery.attemptsBefore, isSuccessStatus(outcome.statusCode) && outcome.error === null, at, delays);
  const record: WebhookAttempt = {
    endpointId: delivery.endpointId,
    eventId: event.eventId,
    type: event.type,
    orderId: event.orderId,
    attempt: number,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    at: at.toISOString(),
    nextAttemptAt: verdict.kind === 'retry' ? verdict.retryAt.toISOString() : null,
  };
  const recorded = await webhookRepo(dbOf(ctx), ctx.tableName).recordAttempt(
    delivery,
    leaseId,
    record,
    verdict.kind === 'retry' ? { kind: 'retry', nextAttemptAt: verdict.retryAt.toISOString() } : { kind: 'done' },
  );
  const facts = {
    endpointId: delivery.endpointId,
    eventId: event.eventId,
    type: event.type,
    attempt: number,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
  };
  if (verdict.kind === 'delivered') logger.info('webhook delivered', facts);
  else logger.warn(WEBHOOK_ATTEMPT_FAILED_MESSAGE, { ...facts, nextAttemptAt: record.nextAttemptAt });
  if (verdict.kind === 'failed') logger.error(WEBHOOK_EVENT_FAILED_MESSAGE, facts);
  if (!recorded) return { kind: 'lost' };
  return verdict.kind === 'retry' ? { kind: 'retry', at: verdict.retryAt.getTime() } : { kind: 'done' };
}

/**
 * One batch of wake-ups (SQS messages): each lane they name is served once, lanes side by side; a lane with more to
 * do later gets a new wake-up for then. Messages of a lane that failed (the table unavailable, say) are reported as
 * batch item failures, so only they come back.
 */
export async function serveWakeups(ctx: AppContext, records: SQSRecord[], options: SenderOptions = {}): Promise<SQSBatchResponse> {
  const lanes = new Map<string, { lane: Lane; messageIds: string[] }>();
  for (const record of records) {
    const lane = laneOfMessage(record.body);
    if (!lane) {
      logger.warn('webhook wake-up names no lane; dropped', { messageId: record.messageId });
      continue;
    }
    const key = `${lane.endpointId}\n${lane.laneId}`;
    const entry = lanes.get(key) ?? { lane, messageIds: [] };
    entry.messageIds.push(record.messageId);
    lanes.set(key, entry);
  }
  const failed: string[] = [];
  await Promise.all(
    [...lanes.values()].map(async ({ lane, messageIds }) => {
      try {
        const again = await serveLane(ctx, lane, options);
        if (again !== null) await wakeupQueueOf(ctx).send([{ lane, delayMs: Math.max(0, again - ctx.now().getTime()) }]);
      } catch (error) {
        logger.warn('webhook lane not served; its wake-up comes back', { ...lane, error: error as Error });
        failed.push(...messageIds);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
