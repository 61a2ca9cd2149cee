// A new BIP-39 mnemonic for a local data folder. Only the local runtime needs it: service-wallet.ts imports this
// module by a computed specifier, so Lambda bundles leave out viem's wordlists (about 250 KB).
import { english, generateMnemonic } from 'viem/accounts';

/** @public imported by a computed specifier (lib/wallet/service-wallet.ts), which knip cannot follow. */
export const newMnemonic = (): string => generateMnemonic(english);
