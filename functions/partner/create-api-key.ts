// POST /partner/api-keys: a signed-in user creates a partner API key (shown once).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { createApiKey as createApiKeyOperation } from '#lib/http/operations/partner/create-api-key.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(createApiKeyOperation, async ({ input, principal, ctx, once, request }) =>
  created(await createApiKey(ctx, principal.id, input.name ?? null, input.scope, once, auditCallerOf(principal, request))),
);
