// GET /wallets/{address}/plaques: the plaques minted to a wallet, newest mint first, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listWalletPlaques } from '#lib/plaques/wallet-plaques.ts';
import { walletPlaquesInput, walletPlaquesQuery } from '#lib/plaques/wallet-plaques-schemas.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(
  {
    operation: 'listWalletPlaques',
    body: 'none',
    input: {
      schema: walletPlaquesInput,
      read: (request) => ({ ...walletPlaquesQuery(request.query), address: request.pathParameters.address }),
    },
  },
  async ({ input, ctx }) => ok(await listWalletPlaques(ctx, input.address, input), { 'cache-control': PUBLIC_PLAQUE_CACHE }),
);
