// POST /partner/api-keys: a signed-in user creates a partner API key (shown once).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { createApiKeyBody } from '#lib/partner/schemas.ts';
import { signedInUserId } from '#lib/partner/signed-in-user.ts';

export const handler = httpHandler(
  { input: { schema: createApiKeyBody, read: (request) => request.body ?? {} } },
  async ({ input, ctx, request }) => created(await createApiKey(ctx, signedInUserId(request), input.name ?? null)),
);
