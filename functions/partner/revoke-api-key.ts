// DELETE /partner/api-keys/{id}: the key's owner revokes it; refused from the next request on.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { revokeApiKey as revokeOperation } from '#lib/http/operations/partner/revoke-api-key.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import { auditCallerOf } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(revokeOperation, async ({ input, principal, ctx, request }) => {
  await revokeApiKey(ctx, principal.id, input.id, auditCallerOf(principal, request));
  return noContent();
});
