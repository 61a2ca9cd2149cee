// GET /partner/api-keys: the signed-in user's keys, revoked ones included, newest first (never the keys themselves).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listApiKeys } from '#lib/partner/api-keys.ts';
import { signedInUser } from '#lib/http/principals.ts';

export const handler = httpHandler({ operation: 'listApiKeys', principal: signedInUser, body: 'none' }, async ({ principal, ctx }) =>
  ok({ keys: await listApiKeys(ctx, principal.id) }),
);
