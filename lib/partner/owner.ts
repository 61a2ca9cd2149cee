// Owner: who holds a plaque — the service account until the sale, then the user whose wallet is the buyer's.
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { isValidUsername, maskWallet } from '#lib/accounts/user.ts';
import { effectiveStatus } from '#lib/plaques/plaque.ts';
import { livePlaque } from '#lib/partner/live-plaque.ts';
import type { ownerSchema } from '#lib/partner/response-schemas.ts';
import { serviceAccount } from '#lib/partner/service-account.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

export type PlaqueOwner = Shape<typeof ownerSchema>;

export async function plaqueOwner(ctx: AppContext, id: number): Promise<PlaqueOwner> {
  const plaque = await livePlaque(ctx, id);
  const status = effectiveStatus(plaque, ctx.now());
  if (status === 'SOLD' || status === 'MINTED') {
    const wallet = plaque.wallet_address;
    const user = wallet ? await userRepo(dbOf(ctx), ctx.tableName).findByWallet(wallet) : null;
    return {
      plaqueId: plaque.id,
      username: user?.username ?? null,
      validUsername: user ? isValidUsername(user.username) : false,
      walletAddress: wallet ? maskWallet(wallet) : null,
    };
  }
  const account = await serviceAccount(ctx);
  return {
    plaqueId: plaque.id,
    username: account.username,
    validUsername: isValidUsername(account.username),
    walletAddress: account.walletAddress ? maskWallet(account.walletAddress) : null,
  };
}
