// The declaration of rollApiKey: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeysShowingOnce } from '#lib/http/idempotency.ts';
import { createdKeyStillActive } from '#lib/partner/api-keys.ts';
import { apiKeyIdParam, DEFAULT_ROLL_OVERLAP_HOURS, MAX_ROLL_OVERLAP_HOURS, rollApiKeyBody } from '#lib/partner/api-key-schemas.ts';
import { MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { apiKeyCreatedSchema } from '#lib/partner/response-schemas.ts';

export const rollApiKey = operation({
  method: 'POST',
  path: '/partner/api-keys/{id}/roll',
  operationId: 'rollApiKey',
  auth: signedInUser,
  access: { table: 'readWrite', apiKeys: 'create' },
  summary: 'Replace an API key without an outage',
  description: [
    "Called by the dashboard with the signed-in user's JWT. Makes a new key with the same `name` and `scope`, answered as a created key " +
      '(the key itself in this answer only), while the old key keeps working for `expiresInHours`: time to deploy the new key everywhere.',
    `\`expiresInHours\`: 0–${MAX_ROLL_OVERLAP_HOURS} (whole hours), default ${DEFAULT_ROLL_OVERLAP_HOURS}; 0 ends the old key now. ` +
      "The old key's `expiresAt` (GET /partner/api-keys) is the new key's `createdAt` plus that; from then on it answers 403 FORBIDDEN. " +
      'In AWS its API Gateway key is deleted within 5 minutes of that time (the functions refuse it from `expiresAt` on either way).',
    `Until its window ends the old key works, so it counts among the ${MAX_ACTIVE_KEYS} active keys a user may hold, beside the new one: ` +
      `a roll with a window when ${MAX_ACTIVE_KEYS} keys are active answers 409 KEY_LIMIT_REACHED and changes nothing (revoke a key first). ` +
      "With `expiresInHours` 0 the new key takes the old one's place at once, so that roll is never refused for the limit. " +
      'Revoking the old key during its window stops it at once and frees its place; so does the end of its window.',
    "Only the key's owner may roll it: another user's key and unknown ids answer 404 API_KEY_NOT_FOUND. " +
      'A revoked key, or one rolled already (roll its successor instead), answers 409 KEY_NOT_ROLLABLE.',
  ].join('\n\n'),
  tag: partnerTag,
  request: {
    path: { id: { description: 'The id of the key to replace', schema: apiKeyIdParam } },
    body: { contentType: 'application/json', schema: rollApiKeyBody, required: false },
  },
  example: example(['apiKeyId'], ({ apiKeyId }) => ({ path: { id: apiKeyId }, body: { expiresInHours: 24 } })),
  responses: { 201: { description: 'The new key', schema: shapeNamed<typeof apiKeyCreatedSchema>('ApiKeyCreated') } },
  errors: { 404: ['API_KEY_NOT_FOUND'], 409: ['KEY_NOT_ROLLABLE', 'KEY_LIMIT_REACHED', 'CONFLICT'] },
  errorHeaders: { 409: ['Retry-After'] },
  idempotency: idempotencyKeysShowingOnce({ member: 'apiKey', stillExists: createdKeyStillActive }),
});
