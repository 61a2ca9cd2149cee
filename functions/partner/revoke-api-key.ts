// DELETE /partner/api-keys/{id}: the key's owner revokes it; refused from the next request on.
import * as z from 'zod/mini';
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import { apiKeyIdParam } from '#lib/partner/schemas.ts';
import { signedInUserId } from '#lib/partner/signed-in-user.ts';

export const handler = httpHandler(
  { body: 'none', input: { schema: z.object({ id: apiKeyIdParam }), read: (request) => request.pathParameters } },
  async ({ input, ctx, request }) => {
    await revokeApiKey(ctx, signedInUserId(request), input.id);
    return noContent();
  },
);
