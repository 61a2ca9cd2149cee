// Rotating an endpoint's secret: a new one, shown once and stored sealed, while the one it replaces still signs every
// delivery beside it until it expires (Standard Webhooks lets `webhook-signature` carry several signatures), so a
// receiver can switch to the new secret at its own pace.
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { noSuchWebhook, ownEndpoint } from '#lib/webhooks/endpoints.ts';
import type { webhookSecretSchema } from '#lib/webhooks/response-schemas.ts';
import { newWebhookSecret, secretBoxOf } from '#lib/webhooks/secrets.ts';
import type { Shape } from '#lib/schema.ts';

type RotatedSecret = Shape<typeof webhookSecretSchema>;

/**
 * Gives the partner's endpoint a new secret; the one it replaces signs beside it for `overlapHours` more (none at 0).
 * A rotation during an overlap replaces the older secret for good: two secrets at most sign a delivery. Rotations
 * sent at once take turns (one update each, lib/db/webhook-repo.ts): each answers its secret, the last one signs, beside
 * the one it replaced. With `caller`, the audit log's entry is written in the rotation's transaction.
 */
export async function rotateSecret(
  ctx: AppContext,
  partnerId: number,
  id: string,
  overlapHours: number,
  caller?: AuditCaller,
): Promise<RotatedSecret> {
  // Another partner's or an unknown endpoint is refused before a secret is sealed for it.
  await ownEndpoint(ctx, partnerId, id);
  const secret = newWebhookSecret();
  const sealed = await secretBoxOf(ctx).seal(secret, { webhookId: id, partnerId });
  const previousExpiresAt = overlapHours > 0 ? new Date(ctx.now().getTime() + overlapHours * 3600_000).toISOString() : null;
  const audit = caller ? [auditItemOf(ctx, caller, 'webhook.secret_rotated', { type: 'webhook', id })] : [];
  if ((await webhookRepo(dbOf(ctx), ctx.tableName).rotateSecret(id, partnerId, sealed, previousExpiresAt, audit)).kind === 'not-found') {
    throw noSuchWebhook();
  }
  return { secret, previousSecretExpiresAt: previousExpiresAt };
}
