// The declaration of listWalletPlaques: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicRead } from '#lib/http/principals.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';
import { pageQuery, plaqueReads, plaquesTag, publicCaching, walletListRules } from '#lib/http/operations/plaques/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { walletPlaquePageSchema } from '#lib/plaques/response-schemas.ts';

export const listWalletPlaques = operation({
  method: 'GET',
  path: '/wallets/{address}/plaques',
  operationId: 'listWalletPlaques',
  auth: publicRead,
  access: plaqueReads,
  summary: "A wallet's minted plaques, newest mint first",
  description: [walletListRules, publicCaching].join('\n\n'),
  tag: plaquesTag,
  request: {
    path: {
      address: {
        description:
          'The wallet: a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case (as a buyer wallet is given); a mixed-case address with a wrong checksum answers 400 VALIDATION_FAILED naming `address`.',
        schema: walletAddress,
      },
    },
    ...pageQuery,
  },
  example: example(['mintedWallet'], ({ mintedWallet }) => ({ path: { address: mintedWallet }, query: { limit: 20 } })),
  responses: {
    200: {
      description: "A page of the wallet's plaques",
      schema: shapeNamed<typeof walletPlaquePageSchema>('WalletPlaquePage'),
      headers: ['Cache-Control'],
    },
  },
});
