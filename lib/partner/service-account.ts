// The service's own account: the owner of every plaque until it is sold. Its wallet is the service's wallet on the
// chain: the contract's minter (the account holding MINTER_ROLE, whose key is the stage's signer), so the owner shown
// before a sale is where the token really comes from. Reading and recording it calls no chain: prepare records the
// minter it reads from the chain (lib/partner/prepare.ts), so the owner lookup bundles no chain client.
import { dbOf } from '#lib/db/client.ts';
import { serviceAccountRepo, type ServiceAccount } from '#lib/db/service-account-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { checksumAddress } from '#lib/chain/address.ts';
import { SERVICE_USERNAME } from '#lib/accounts/user.ts';

/** Records the service account with `walletAddress` unless it is already recorded with it. */
export async function ensureServiceAccount(ctx: AppContext, walletAddress: string): Promise<ServiceAccount> {
  const repo = serviceAccountRepo(dbOf(ctx), ctx.tableName);
  const wallet = checksumAddress(walletAddress);
  const existing = await repo.get();
  if (existing && existing.walletAddress === wallet) return existing;
  const account: ServiceAccount = {
    username: existing?.username ?? SERVICE_USERNAME,
    walletAddress: wallet,
    updatedAt: ctx.now().toISOString(),
  };
  await repo.put(account);
  return account;
}

/** The recorded service account; before one is recorded, its name with no wallet. */
export async function serviceAccount(ctx: AppContext): Promise<{ username: string; walletAddress: string | null }> {
  const account = await serviceAccountRepo(dbOf(ctx), ctx.tableName).get();
  return account ?? { username: SERVICE_USERNAME, walletAddress: null };
}
