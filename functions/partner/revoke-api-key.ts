// DELETE /partner/api-keys/{id}: the key's owner revokes it; refused from the next request on.
import * as z from 'zod/mini';
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import { apiKeyIdParam } from '#lib/partner/api-key-schemas.ts';
import { signedInUser } from '#lib/http/principals.ts';

export const handler = httpHandler(
  {
    operation: 'revokeApiKey',
    principal: signedInUser,
    body: 'none',
    input: { schema: z.object({ id: apiKeyIdParam }), read: (request) => request.pathParameters },
  },
  async ({ input, principal, ctx }) => {
    await revokeApiKey(ctx, principal.id, input.id);
    return noContent();
  },
);
