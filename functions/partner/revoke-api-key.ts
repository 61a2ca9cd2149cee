// DELETE /partner/api-keys/{id}: the key's owner revokes it; refused from the next request on.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { revokeApiKey as revokeOperation } from '#lib/http/operations/partner/revoke-api-key.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';

export const handler = httpHandler(revokeOperation, async ({ input, principal, ctx }) => {
  await revokeApiKey(ctx, principal.id, input.id);
  return noContent();
});
