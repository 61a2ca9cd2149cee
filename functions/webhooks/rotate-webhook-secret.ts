// POST /partner/webhooks/{id}/rotate-secret: a new secret for the endpoint (shown once); the old one still signs beside
// it until it expires.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { rotateSecret } from '#lib/webhooks/secret-rotation.ts';
import { withPath } from '#lib/validation.ts';
import { rotateSecretInput } from '#lib/webhooks/rotate-schema.ts';

export const handler = httpHandler(
  {
    operation: 'rotateWebhookSecret',
    principal: signedInUser,
    input: { schema: rotateSecretInput, read: (request) => withPath(request.body, { id: request.pathParameters.id }) },
  },
  async ({ input, principal, ctx }) => ok(await rotateSecret(ctx, principal.id, input.id, input.expiresInHours)),
);
