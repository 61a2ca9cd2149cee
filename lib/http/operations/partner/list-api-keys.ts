// The declaration of listApiKeys: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { LAST_USED_RESOLUTION_MS } from '#lib/partner/limits.ts';
import { dashboardRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { apiKeyListSchema } from '#lib/partner/response-schemas.ts';

export const listApiKeys = operation({
  method: 'GET',
  path: '/partner/api-keys',
  operationId: 'listApiKeys',
  auth: signedInUser,
  access: { table: 'read' },
  summary: "The signed-in user's API keys",
  description: [
    dashboardRules,
    'Every key the user made, revoked ones included, newest first; never the key itself, only its `prefix`. ' +
      'Keys made before prefixes were recorded show `pk_` alone.',
    `\`lastUsedAt\` is the last request that presented the key, to within ${LAST_USED_RESOLUTION_MS / 1000} s (a use is recorded at most once a minute); null when never used. ` +
      '`revokedAt` is null while the key is active.',
    "`version` is the API version the key's requests are answered in when they send no `Plaque-Version` header: the newest when the key was made " +
      '(keys made before versions: 2026-11-23); POST /partner/api-keys/{id}/version moves it.',
    '`scope` is what the key may do (keys made before scopes existed are `sell`). `expiresAt` is set on a rolled key: the key works until then and answers 403 FORBIDDEN from then on; null for a key that was not rolled.',
  ].join('\n\n'),
  tag: partnerTag,
  // The caller holds a key, so there is one to list.
  example: example(['apiKeyId'], () => ({})),
  responses: { 200: { description: 'The keys', schema: shapeNamed<typeof apiKeyListSchema>('ApiKeyList') } },
});
