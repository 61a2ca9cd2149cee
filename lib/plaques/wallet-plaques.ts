// The plaques minted to a wallet, newest mint first, page by page with an opaque cursor bound to the wallet, and how
// many there are: the public list of any wallet, and the signed-in user's own.
import { validationFailed } from '#lib/errors.ts';
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type WalletPlaquePosition } from '#lib/db/plaque-repo.ts';
import { presentPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { WalletPlaquesPageInput } from '#lib/plaques/wallet-plaques-schemas.ts';
import type { walletPlaquePageSchema } from '#lib/plaques/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

/** A page of a wallet's minted plaques as clients see it. */
export type WalletPlaquePage = Shape<typeof walletPlaquePageSchema>;

const CURSOR_POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#([1-9][0-9]{0,14})#(0x[0-9a-f]{40})$/;

/** The opaque cursor of a position in a wallet's plaques: base64url of `<mintedAt>#<id>#<lower-case wallet>`. */
export const encodeWalletCursor = (wallet: string, position: WalletPlaquePosition): string =>
  encodeCursor([position.mintedAt, String(position.id), wallet.toLowerCase()]);

/**
 * The position a cursor names in this wallet's plaques; 400 VALIDATION_FAILED naming `cursor` when this service could
 * not have issued it, or issued it for another wallet.
 */
function decodeWalletCursor(wallet: string, cursor: string): WalletPlaquePosition {
  const [mintedAt, id, owner] = decodeCursor(cursor, CURSOR_POSITION);
  if (owner !== wallet.toLowerCase()) throw validationFailed([{ path: 'cursor', message: 'belongs to another wallet' }]);
  return { mintedAt: mintedAt!, id: Number(id) };
}

/**
 * The plaques minted to `wallet` (any casing), newest mint first: one Query for the page, one Select COUNT over the
 * wallet's index partition for `count`, side by side.
 */
export async function listWalletPlaques(ctx: AppContext, wallet: string, input: WalletPlaquesPageInput): Promise<WalletPlaquePage> {
  const after = input.cursor === undefined ? null : decodeWalletCursor(wallet, input.cursor);
  const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
  const [page, count] = await Promise.all([repo.pageByWallet(wallet, { limit: input.limit, after }), repo.countByWallet(wallet)]);
  const now = ctx.now();
  const stage = stageValuesOf(ctx);
  return {
    count,
    plaques: page.plaques.map((plaque) => presentPlaque(plaque, now, stage)),
    nextCursor: page.next && encodeWalletCursor(wallet, page.next),
  };
}
