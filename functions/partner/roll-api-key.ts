// POST /partner/api-keys/{id}/roll: a new key with the same name and scope; the old one works until its window ends.
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { rollApiKey as rollOperation } from '#lib/http/operations/partner/roll-api-key.ts';
import { rollApiKey } from '#lib/partner/api-keys.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(rollOperation, async ({ input, principal, ctx, once, request }) =>
  created(await rollApiKey(ctx, principal.id, input.id, input.expiresInHours, once, auditCallerOf(principal, request))),
);
