// The declaration of getProfile: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { accountsTag } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { userSchema } from '#lib/accounts/response-schemas.ts';

export const getProfile = operation({
  method: 'GET',
  path: '/auth/profile',
  operationId: 'getProfile',
  auth: signedInUser,
  // The authorizer verified the token already; resolving the user re-reads it and its token version.
  access: { table: 'read' },
  summary: 'The signed-in user',
  description:
    'The own record, wallet unmasked. 401 UNAUTHORIZED also when the user no longer exists or the token predates a ' +
    'password change (every older token stops working then).',
  tag: accountsTag,
  example: example([], () => ({})),
  responses: { 200: { description: 'The signed-in user', schema: shapeNamed<typeof userSchema>('User') } },
});
