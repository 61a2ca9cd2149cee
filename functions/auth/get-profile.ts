// GET /auth/profile: the signed-in user's own record, wallet unmasked.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { presentUser } from '#lib/accounts/user.ts';

export const handler = httpHandler({ operation: 'getProfile', principal: signedInUser, body: 'none' }, async ({ principal }) =>
  ok(presentUser(principal, { viewerIsOwner: true })),
);
