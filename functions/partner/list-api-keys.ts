// GET /partner/api-keys: the signed-in user's keys, revoked ones included, newest first (never the keys themselves).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listApiKeys as listApiKeysOperation } from '#lib/http/operations/partner/list-api-keys.ts';
import { listApiKeys } from '#lib/partner/api-keys.ts';

export const handler = httpHandler(listApiKeysOperation, async ({ principal, ctx }) => ok({ keys: await listApiKeys(ctx, principal.id) }));
