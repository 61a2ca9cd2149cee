// The declaration of setApiKeyVersion: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { apiKeyIdParam } from '#lib/partner/api-key-schemas.ts';
import { setApiKeyVersionBody } from '#lib/partner/api-key-version-schema.ts';
import { dashboardRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { API_VERSIONS, LATEST_API_VERSION } from '#lib/versions/versions.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { apiKeySchema } from '#lib/partner/response-schemas.ts';

export const setApiKeyVersion = operation({
  method: 'POST',
  path: '/partner/api-keys/{id}/version',
  operationId: 'setApiKeyVersion',
  auth: signedInUser,
  access: { table: 'readWrite' },
  summary: 'Move an API key to another API version',
  description: [
    dashboardRules,
    `Pins the key to \`version\` (one of ${API_VERSIONS.join(', ')}: the document's \`info.x-api-versions\` lists what each changed): ` +
      "from the next request on, the key's requests that send no `Plaque-Version` header are answered in it. " +
      `A new key is pinned to the newest version (${LATEST_API_VERSION}); a rolled key's successor keeps its pin. Moving it back is allowed.`,
    'Answers the key as GET /partner/api-keys lists it. A well-formed date that is no version answers 400 UNKNOWN_VERSION; ' +
      "another user's key and unknown ids answer 404 API_KEY_NOT_FOUND. A revoked or ended key may be moved too (it is refused all the same).",
  ].join('\n\n'),
  tag: partnerTag,
  request: {
    path: { id: { description: 'The key id returned at creation', schema: apiKeyIdParam } },
    body: { contentType: 'application/json', schema: setApiKeyVersionBody },
  },
  example: example(['apiKeyId'], ({ apiKeyId }) => ({ path: { id: apiKeyId }, body: { version: LATEST_API_VERSION } })),
  responses: { 200: { description: 'The key, pinned to the version', schema: shapeNamed<typeof apiKeySchema>('ApiKey') } },
  errors: { 400: ['UNKNOWN_VERSION'], 404: ['API_KEY_NOT_FOUND'], 409: ['CONFLICT'] },
  errorHeaders: { 409: ['Retry-After'] },
});
