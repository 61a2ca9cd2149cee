// Registering a webhook endpoint for the signed-in partner user: its URL checked as a send would check it, its secret
// shown once and stored sealed.
import { randomBytes } from 'node:crypto';
import { badRequest, conflict } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type WebhookEndpoint } from '#lib/db/webhook-repo.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { checkRegisteredUrl, resolveAllowed, UrlRefused } from '#lib/webhooks/address-guard.ts';
import type { CreateWebhookBody } from '#lib/webhooks/create-schema.ts';
import { present } from '#lib/webhooks/endpoints.ts';
import { WEBHOOK_EVENT_TYPES } from '#lib/webhooks/events.ts';
import { MAX_WEBHOOKS } from '#lib/webhooks/limits.ts';
import { resolverOf, urlPolicyOf } from '#lib/webhooks/ports.ts';
import type { webhookCreatedSchema } from '#lib/webhooks/response-schemas.ts';
import { newWebhookSecret, secretBoxOf } from '#lib/webhooks/secrets.ts';
import type { Shape } from '#lib/schema.ts';
import { LATEST_API_VERSION } from '#lib/versions/versions.ts';

const newWebhookId = (): string => `wh_${randomBytes(16).toString('base64url')}`;

/** The answer to registering an endpoint, with its secret (a replay of it may come without). */
export type CreatedWebhook = Shape<typeof webhookCreatedSchema> & { secret: string };

/** Checks the URL as a send would (form, then every address its host resolves to now); 400 INVALID_WEBHOOK_URL. */
async function allowedUrl(ctx: AppContext, raw: string): Promise<URL> {
  const policy = urlPolicyOf(ctx);
  try {
    const url = checkRegisteredUrl(raw, policy);
    await resolveAllowed(url, policy, resolverOf(ctx));
    return url;
  } catch (error) {
    if (error instanceof UrlRefused)
      throw badRequest('INVALID_WEBHOOK_URL', error.message, { errors: [{ path: 'url', message: error.message }] });
    throw error;
  }
}

/**
 * Registers the endpoint; with `once`, the answer is kept for its Idempotency-Key in the same transaction, and with
 * `caller` (every request gives it) the audit log's entry.
 */
export async function createWebhook(
  ctx: AppContext,
  partnerId: number,
  body: CreateWebhookBody,
  once?: Once,
  caller?: AuditCaller,
): Promise<CreatedWebhook> {
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
    previousSecret: null,
    createdAt: ctx.now().toISOString(),
    // Its deliveries are shaped for the newest version, for good: a partner wanting another registers another endpoint.
    version: LATEST_API_VERSION,
  };
  const answer: CreatedWebhook = { ...present(endpoint), secret };
  const also = [
    ...(once ? [once.completion(answer)] : []),
    ...(caller ? [auditItemOf(ctx, caller, 'webhook.created', { type: 'webhook', id })] : []),
  ];
  if ((await repo.createEndpoint(endpoint, MAX_WEBHOOKS, also)).kind === 'limit-reached') {
    throw conflict('WEBHOOK_LIMIT_REACHED', `at most ${MAX_WEBHOOKS} webhook endpoints per partner; delete one first`);
  }
  return answer;
}

/** Whether the endpoint a kept create answer registered is still there: a replay after its deletion omits the secret. */
export const createdWebhookStillThere = async (ctx: AppContext, answer: { id: string }): Promise<boolean> =>
  (await webhookRepo(dbOf(ctx), ctx.tableName).getEndpoint(answer.id)) !== null;
