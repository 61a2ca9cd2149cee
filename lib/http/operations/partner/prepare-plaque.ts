// The declaration of preparePlaque: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { sellKey } from '#lib/http/principals.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';
import { prepareBody } from '#lib/partner/prepare-schemas.ts';
import { partnerRules, partnerTag, plaqueIdPath, tokenRules } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { reservationSchema } from '#lib/partner/response-schemas.ts';

export const preparePlaque = operation({
  method: 'POST',
  path: '/partner/plaques/{id}/prepare',
  operationId: 'preparePlaque',
  auth: sellKey,
  // The reservation names the contract and the token metadata (its image: the plaque's or the stage's placeholder);
  // the mint is simulated before holding.
  access: { table: 'readWrite', chain: true, linksMedia: true, describesTokens: true },
  summary: 'Hold a plaque for a buyer for 10 minutes',
  description: [
    partnerRules,
    '`buyerWallet`: an EIP-55 checksummed or all lower-case 0x address; a mixed-case address with a wrong checksum is refused (400). ' +
      'The hold keeps it checksummed; the buy must name the same wallet (any casing).',
    'One conditional write places the hold: of any number of concurrent prepares exactly one wins; the others answer 409 NOT_AVAILABLE. ' +
      'A plaque held by any reservation, including an earlier one of the same partner, is NOT_AVAILABLE until that hold expires.',
    'Before holding, the mint is simulated: a plaque whose token already exists on chain (or cannot be minted) answers 409 NOT_AVAILABLE ' +
      'with a `reason` member (ALREADY_MINTED or NOT_MINTABLE), since its sale could never be delivered.',
    'A wallet the mint would refuse answers 400 WALLET_CANNOT_RECEIVE naming `buyerWallet`, and nothing is held: the zero address, ' +
      "the token contract itself, and a contract that does not accept ERC-1155 tokens (ERC-1155's receiver check: a contract must " +
      'answer `onERC1155Received`). The mint is simulated to the wallet itself for that, so a contract wallet that accepts the ' +
      'token is a wallet like any other. The check is made here, not at the buy: a sale to such a wallet could never be delivered.',
    "`price` and `currency` are quoted at this moment and are what the buy charges, even if the plaque's price changes during the hold.",
    `The metadata is EIP-1155 metadata JSON: name, description (\`Plaque <name>\` when the plaque has none), image (left out when the plaque has none), ` +
      'decimals 0, marketplace-style `attributes` (Condition, Marketplace, Alphabet part, Number part) and the same as `properties`. ' +
      tokenRules,
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: plaqueIdPath, body: { contentType: 'application/json', schema: prepareBody } },
  example: example(['plaqueId', 'wallet'], ({ plaqueId, wallet }) => ({ path: { id: plaqueId }, body: { buyerWallet: wallet } })),
  responses: { 200: { description: 'The reservation', schema: shapeNamed<typeof reservationSchema>('Reservation') } },
  errors: {
    400: ['WALLET_CANNOT_RECEIVE'],
    404: ['PLAQUE_NOT_FOUND'],
    409: ['NOT_AVAILABLE'],
    503: ['CHAIN_UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
  },
  // A prepare retried with its key answers the same reservation, not 409 NOT_AVAILABLE against its own hold.
  idempotency: idempotencyKeys,
});
