// POST /partner/api-keys/{id}/version: the key's owner pins it to another API version.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { setApiKeyVersion as setVersionOperation } from '#lib/http/operations/partner/set-api-key-version.ts';
import { setApiKeyVersion } from '#lib/partner/api-key-version.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(setVersionOperation, async ({ input, principal, ctx, request }) =>
  ok(await setApiKeyVersion(ctx, principal.id, input.id, input.version, auditCallerOf(principal, request))),
);
