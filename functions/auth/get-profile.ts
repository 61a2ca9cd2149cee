// GET /auth/profile: the signed-in user's own record, wallet unmasked.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { requireUser } from '#lib/auth/principal.ts';
import { presentUser } from '#lib/accounts/user.ts';

export const handler = httpHandler({ body: 'none' }, async ({ ctx, request }) =>
  ok(presentUser(await requireUser(ctx, request), { viewerIsOwner: true })),
);
