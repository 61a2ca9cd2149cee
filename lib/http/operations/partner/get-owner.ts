// The declaration of getPlaqueOwner: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { readKey } from '#lib/http/principals.ts';
import { SERVICE_USERNAME } from '#lib/accounts/user.ts';
import { partnerCall, partnerRules, partnerTag, plaqueIdPath } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { ownerSchema } from '#lib/partner/response-schemas.ts';

export const getPlaqueOwner = operation({
  method: 'GET',
  path: '/partner/plaques/{id}/owner',
  operationId: 'getPlaqueOwner',
  auth: readKey,
  access: partnerCall,
  summary: 'Who owns the plaque',
  description: [
    partnerRules,
    `Until the plaque is SOLD the owner is the service's own account: username \`${SERVICE_USERNAME}\`, wallet = the service's wallet: ` +
      "the account holding the PlaqueToken contract's MINTER_ROLE (the signer that mints; the contract's admin only grants and revokes that role). " +
      "It is recorded by the local runtime at start and by a stage's first prepare (again after a signer rotation). `walletAddress` is null until then.",
    'Once SOLD or MINTED the owner is the user whose `walletAddress` is the buyer wallet; `username` null and `validUsername` false when no user holds it.',
    '`validUsername` tells whether the username satisfies the username rules (3–30 of A–Z, a–z, 0–9, `_`, `.`). ' +
      '`walletAddress` is masked `0x1234…abcd` (first 6, U+2026, last 4).',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: plaqueIdPath },
  example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
  responses: { 200: { description: 'The owner', schema: shapeNamed<typeof ownerSchema>('Owner') } },
  errors: { 404: ['PLAQUE_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
});
