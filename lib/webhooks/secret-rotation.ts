// Rotating an endpoint's secret: a new one, shown once and stored sealed, while the one it replaces still signs every
// delivery beside it until it expires (Standard Webhooks lets `webhook-signature` carry several signatures), so a
// receiver can switch to the new secret at its own pace.
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { noSuchWebhook, ownEndpoint } from '#lib/webhooks/endpoints.ts';
import type { webhookSecretSchema } from '#lib/webhooks/response-schemas.ts';
import { newWebhookSecret, secretBoxOf } from '#lib/webhooks/secrets.ts';
import type { Shape } from '#lib/schema.ts';

type RotatedSecret = Shape<typeof webhookSecretSchema>;

/** Rotations racing on one endpoint: each reads the secret it replaces again, a few times at most. */
const ROTATION_TRIES = 3;

/**
 * Gives the partner's endpoint a new secret; the one it replaces signs beside it for `overlapHours` more (none at 0).
 * A rotation during an overlap replaces the older secret for good: two secrets at most sign a delivery.
 */
export async function rotateSecret(ctx: AppContext, partnerId: number, id: string, overlapHours: number): Promise<RotatedSecret> {
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const secret = newWebhookSecret();
  const sealed = await secretBoxOf(ctx).seal(secret, { webhookId: id, partnerId });
  for (let attempt = 1; ; attempt++) {
    const endpoint = await ownEndpoint(ctx, partnerId, id);
    const expiresAt = new Date(ctx.now().getTime() + overlapHours * 3600_000).toISOString();
    const previous = overlapHours > 0 ? { sealed: endpoint.sealedSecret, expiresAt } : null;
    const outcome = await repo.rotateSecret(id, partnerId, endpoint.sealedSecret, sealed, previous);
    if (outcome === 'rotated') return { secret, previousSecretExpiresAt: previous?.expiresAt ?? null };
    if (outcome === 'not-found') throw noSuchWebhook();
    if (attempt >= ROTATION_TRIES) throw new Error(`the secret of webhook ${id} kept changing during its rotation`);
  }
}
