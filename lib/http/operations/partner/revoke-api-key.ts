// The declaration of revokeApiKey: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { apiKeyIdParam } from '#lib/partner/api-key-schemas.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';

export const revokeApiKey = operation({
  method: 'DELETE',
  path: '/partner/api-keys/{id}',
  operationId: 'revokeApiKey',
  auth: signedInUser,
  access: { table: 'readWrite', apiKeys: 'revoke' },
  summary: 'Revoke a partner API key',
  description: [
    'Answers 204 with no body. The key is refused (403 FORBIDDEN) from the next request on.',
    "Only the key's owner may revoke it: another user's key and unknown ids both answer 404 API_KEY_NOT_FOUND. " +
      "Revoking one's own already revoked key answers 204 again (DELETE is idempotent).",
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: { id: { description: 'The key id returned at creation', schema: apiKeyIdParam } } },
  example: example(['apiKeyId'], ({ apiKeyId }) => ({ path: { id: apiKeyId } })),
  responses: { 204: { description: 'Revoked' } },
  errors: { 404: ['API_KEY_NOT_FOUND'], 409: ['CONFLICT'] },
  errorHeaders: { 409: ['Retry-After'] },
});
