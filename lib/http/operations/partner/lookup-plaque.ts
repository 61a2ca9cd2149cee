// The declaration of lookupPlaque: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { readKey } from '#lib/http/principals.ts';
import { partnerCall, partnerRules, partnerTag, plaqueIdPath, tokenRules } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { lookupSchema } from '#lib/partner/response-schemas.ts';

export const lookupPlaque = operation({
  method: 'GET',
  path: '/partner/plaques/{id}/lookup',
  operationId: 'lookupPlaque',
  auth: readKey,
  // `mintable` comes from simulating the mint on the chain.
  access: { ...partnerCall, chain: true },
  summary: 'Can this plaque be bought and minted now?',
  description: [
    partnerRules,
    '`available`: the plaque is AVAILABLE (an expired hold counts as AVAILABLE). `status` is that effective status.',
    "`mintable` comes from simulating the mint of the plaque's token on the chain (`eth_call` from the service's wallet, the contract's minter), not from a stored flag. " +
      'A MINTED plaque is not simulated: it is not mintable, reason ALREADY_MINTED.',
    'Reasons: LOCKED (held or operator-locked), SOLD, ALREADY_MINTED (the plaque is MINTED, or its token already exists on chain), ' +
      'NOT_MINTABLE (the mint would revert for another reason, the plaque belongs to another contract, or its token id is not a uint256). ' +
      'Empty when available and mintable.',
    `\`uniqueId\` is \`<contract>:<tokenId>\`. ${tokenRules} Since the token id is always known, the name is never used in it.`,
    'When the chain node does not answer: 503 CHAIN_UNAVAILABLE with Retry-After.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: plaqueIdPath },
  example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
  responses: { 200: { description: "The plaque's sale and mint status", schema: shapeNamed<typeof lookupSchema>('Lookup') } },
  errors: { 404: ['PLAQUE_NOT_FOUND'], 503: ['CHAIN_UNAVAILABLE', 'SERVICE_UNAVAILABLE'] },
});
