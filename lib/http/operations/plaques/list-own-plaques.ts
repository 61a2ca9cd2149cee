// The declaration of listOwnPlaques: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { OWN_PLAQUES_CACHE } from '#lib/plaques/caching.ts';
import { pageQuery, plaqueReads, plaquesTag, walletListRules } from '#lib/http/operations/plaques/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { walletPlaquePageSchema } from '#lib/plaques/response-schemas.ts';

export const listOwnPlaques = operation({
  method: 'GET',
  path: '/auth/plaques',
  operationId: 'listOwnPlaques',
  auth: signedInUser,
  // Resolving the user reads it and its token version; then its wallet's index partition.
  access: plaqueReads,
  summary: "The signed-in user's minted plaques, newest mint first",
  description: [
    "The same as GET /wallets/{address}/plaques for the signed-in user's `walletAddress` (GET /auth/profile); a cursor of another wallet answers 400 naming `cursor`.",
    walletListRules,
    `Answers carry \`Cache-Control: ${OWN_PLAQUES_CACHE}\`: they belong to one bearer token.`,
  ].join('\n\n'),
  tag: plaquesTag,
  request: pageQuery,
  example: example([], () => ({ query: { limit: 20 } })),
  responses: {
    200: {
      description: "A page of the user's plaques",
      schema: shapeNamed<typeof walletPlaquePageSchema>('WalletPlaquePage'),
      headers: ['Cache-Control'],
    },
  },
});
