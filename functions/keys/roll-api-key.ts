// POST /partner/api-keys/{id}/roll: a new key with the same name and scope; the old one works until its window ends.
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';
import { rollApiKey } from '#lib/partner/api-keys.ts';
import { rollApiKeyInput } from '#lib/partner/api-key-schemas.ts';
import { withPath } from '#lib/validation.ts';

export const handler = httpHandler(
  {
    operation: 'rollApiKey',
    principal: signedInUser,
    input: { schema: rollApiKeyInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) },
    idempotency: idempotencyKeys,
  },
  async ({ input, principal, ctx }) => created(await rollApiKey(ctx, principal.id, input.id, input.expiresInHours)),
);
