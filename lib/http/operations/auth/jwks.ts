// The declaration of getJwks: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { accountsTag } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { jwksSchema } from '#lib/auth/response-schemas.ts';

export const getJwks = operation({
  method: 'GET',
  path: '/.well-known/jwks.json',
  operationId: 'getJwks',
  auth: publicAccess,
  access: { jwtKeys: true },
  summary: 'Public keys that verify access tokens',
  description: 'The current signing key and the one before the last rotation, so a rotation logs nobody out. Cacheable for 5 minutes.',
  tag: accountsTag,
  example: example([], () => ({})),
  responses: { 200: { description: 'JSON Web Key Set', schema: shapeNamed<typeof jwksSchema>('Jwks'), headers: ['Cache-Control'] } },
});
