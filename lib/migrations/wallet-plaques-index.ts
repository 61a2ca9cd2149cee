// Migration 0003: plaques minted before the wallets' index existed are listed under their wallet (gsi1, see
// walletIndexOf in lib/db/plaque-repo.ts), as the delivery now lists every plaque it makes MINTED.
import type { AttributeChange } from '#lib/db/plaque-migration-repo.ts';
import { walletIndexOf } from '#lib/db/plaque-repo.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { Migration } from '#lib/migrations/migration.ts';
import { rewriteEveryPlaque } from '#lib/migrations/plaque-rewrites.ts';

type Item = Record<string, unknown>;

const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The index keys a stored plaque lacks; empty when it is listed already or is not a live MINTED plaque. The write
 * also requires status, wallet and mint time to be still as read (rewritten to the same values): a plaque taken back
 * to SOLD in between is never listed.
 */
export function walletIndexChanges(item: Item): AttributeChange[] {
  const index = walletIndexOf({
    id: Number(item.id),
    status: item.status as StoredPlaque['status'],
    wallet_address: orNull(item.wallet_address),
    mintedAt: orNull(item.mintedAt),
    deletedAt: orNull(item.deletedAt),
  });
  if (!('gsi1pk' in index) || (item.gsi1pk === index.gsi1pk && item.gsi1sk === index.gsi1sk)) return [];
  return [
    { attribute: 'gsi1pk', from: item.gsi1pk ?? null, to: index.gsi1pk },
    { attribute: 'gsi1sk', from: item.gsi1sk ?? null, to: index.gsi1sk },
    { attribute: 'status', from: item.status, to: item.status },
    { attribute: 'wallet_address', from: item.wallet_address, to: item.wallet_address },
    { attribute: 'mintedAt', from: item.mintedAt, to: item.mintedAt },
  ];
}

export const walletPlaquesIndex: Migration = {
  id: '0003-wallet-plaques-index',
  description: 'plaques minted before the wallet index existed are listed under their wallet (gsi1 WALLET#<address>#PLAQUES)',
  needs: [],
  run: ({ ctx }) => rewriteEveryPlaque(ctx, walletIndexChanges),
};
