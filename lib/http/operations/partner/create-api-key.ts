// The declaration of createApiKey: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { idempotencyKeysShowingOnce } from '#lib/http/idempotency.ts';
import { createdKeyStillActive } from '#lib/partner/api-keys.ts';
import { KEY_PREFIX_LENGTH, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';
import { createApiKeyBody } from '#lib/partner/create-api-key-schema.ts';
import { dashboardRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { apiKeyCreatedSchema } from '#lib/partner/response-schemas.ts';

export const createApiKey = operation({
  method: 'POST',
  path: '/partner/api-keys',
  operationId: 'createApiKey',
  auth: signedInUser,
  access: { table: 'readWrite', apiKeys: 'create' },
  summary: 'Create a partner API key (shown once)',
  description: [
    dashboardRules,
    "The key (`pk_` and 43 base64url characters) is in this response only; only its SHA-256 is stored. In AWS it is an API Gateway key attached to the stage's usage plan, and `id` is its API Gateway id.",
    `\`prefix\` is the key's first ${KEY_PREFIX_LENGTH} characters, kept in the clear so the owner can tell keys apart later (GET /partner/api-keys); \`createdAt\` is when it was made.`,
    'The body is optional; `name` (1–64 characters) labels the key for its owner and operators; without it `name` is null. ' +
      'It may hold no control character, no bidirectional control such as U+202E, no character that shows as nothing (the ' +
      'default-ignorable code points of the Basic Multilingual Plane, such as U+200B, U+00AD, U+FEFF, U+3164, the zero-width joiner and ' +
      'variation selectors, and U+2028, U+2029, U+2800, U+FFF9–U+FFFB) and no unpaired surrogate: 400 VALIDATION_FAILED naming `name`. ' +
      "Characters beyond U+FFFF are not judged (the pattern reads alike with and without a validator's `u` flag).",
    "`scope`: `sell` (default) may call every partner operation; `read` may call only those that change nothing (lookup, owner, GET /partner/orders/{orderId} and the events): prepare, buy and releasing a hold answer it 403 KEY_SCOPE_INSUFFICIENT. A key's scope never changes (roll it to replace it).",
    `A user may hold at most ${MAX_ACTIVE_KEYS} active keys, rolled keys whose window has not ended included (POST /partner/api-keys/{id}/roll); ` +
      'another one answers 409 KEY_LIMIT_REACHED until one is revoked or a window ends. ' +
      'The limit holds under concurrent requests: the key is stored in one transaction with the count of active keys.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { body: { contentType: 'application/json', schema: createApiKeyBody, required: false } },
  example: example([], () => ({ body: { name: 'shop', scope: 'read' } })),
  responses: { 201: { description: 'The new key', schema: shapeNamed<typeof apiKeyCreatedSchema>('ApiKeyCreated') } },
  errors: { 409: ['KEY_LIMIT_REACHED', 'CONFLICT'] },
  errorHeaders: { 409: ['Retry-After'] },
  idempotency: idempotencyKeysShowingOnce({ member: 'apiKey', stillExists: createdKeyStillActive }),
});
