// POST /partner/api-keys: a signed-in user creates a partner API key (shown once).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import { createApiKeyBody } from '#lib/partner/create-api-key-schema.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';

export const handler = httpHandler(
  {
    operation: 'createApiKey',
    principal: signedInUser,
    input: { schema: createApiKeyBody, read: (request) => request.body ?? {} },
    idempotency: idempotencyKeys,
  },
  async ({ input, principal, ctx }) => created(await createApiKey(ctx, principal.id, input.name ?? null, input.scope)),
);
