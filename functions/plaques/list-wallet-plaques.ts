// GET /wallets/{address}/plaques: the plaques minted to a wallet, newest mint first, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listWalletPlaques as listOperation } from '#lib/http/operations/plaques/list-wallet-plaques.ts';
import { listWalletPlaques } from '#lib/plaques/wallet-plaques.ts';
import { PUBLIC_PLAQUE_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(listOperation, async ({ input, ctx }) =>
  ok(await listWalletPlaques(ctx, input.address, input), { 'cache-control': PUBLIC_PLAQUE_CACHE }),
);
