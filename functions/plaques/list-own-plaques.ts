// GET /auth/plaques: the plaques minted to the signed-in user's wallet, newest mint first, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listOwnPlaques } from '#lib/http/operations/plaques/list-own-plaques.ts';
import { listWalletPlaques } from '#lib/plaques/wallet-plaques.ts';
import { OWN_PLAQUES_CACHE } from '#lib/plaques/caching.ts';

export const handler = httpHandler(listOwnPlaques, async ({ input, principal, ctx }) =>
  ok(await listWalletPlaques(ctx, principal.walletAddress, input), { 'cache-control': OWN_PLAQUES_CACHE }),
);
