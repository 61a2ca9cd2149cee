// GET /auth/profile: the signed-in user's own record, wallet unmasked.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getProfile } from '#lib/http/operations/auth/get-profile.ts';
import { presentUser } from '#lib/accounts/user.ts';

export const handler = httpHandler(getProfile, async ({ principal }) => ok(presentUser(principal, { viewerIsOwner: true })));
