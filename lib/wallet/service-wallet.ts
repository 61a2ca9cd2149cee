// Service wallets: every user's address derives from the service's HD mnemonic at m/44'/60'/0'/0/<user id>.
// Only the mnemonic is secret (Secrets Manager in AWS, a file generated once under DATA_DIR locally);
// no per-user private key is ever stored.
import { join } from 'node:path';
import { readSecretString } from '#lib/auth/aws-secret.ts';
import { servicesConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { readOrMakeOnce } from '#lib/runtime/data-file.ts';

type Address = `0x${string}`;

export interface ServiceWallets {
  /** The EIP-55 address of a user's service wallet (BIP-44 address index = user id). */
  addressFor(userId: number): Promise<Address>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Derives users' service wallet addresses from the HD mnemonic: use `walletsOf(ctx)`. */
    wallets?: ServiceWallets;
  }
}

/** Where the mnemonic comes from; read once per process. */
export type MnemonicSource = () => Promise<string>;

// The derivation code (viem's curves, BIP-32/39) is loaded on first use, not at every function's cold start.
const derivation = () => import('#lib/wallet/hd-derivation.ts');

export function serviceWallets(source: MnemonicSource): ServiceWallets {
  let mnemonic: Promise<string> | undefined;
  const load = () => {
    mnemonic ??= source().then(checkedMnemonic);
    mnemonic.catch(() => (mnemonic = undefined));
    return mnemonic;
  };
  return {
    async addressFor(userId) {
      if (!Number.isSafeInteger(userId) || userId < 0 || userId >= 2 ** 31) throw new RangeError(`no wallet index for user ${userId}`);
      const [phrase, { addressAt }] = await Promise.all([load(), derivation()]);
      return addressAt(phrase, userId);
    },
  };
}

/**
 * Word count and word shape: catches a placeholder or truncated secret before it derives wrong addresses. (The
 * wordlist check would need the 250 KB of wordlists in every bundle.)
 */
function checkedMnemonic(text: string): string {
  const mnemonic = text.trim().split(/\s+/).join(' ');
  const words = mnemonic.split(' ');
  if (![12, 15, 18, 21, 24].includes(words.length) || !words.every((word) => /^[a-z]{3,8}$/.test(word))) {
    throw new Error('the wallet mnemonic is not a BIP-39 English mnemonic');
  }
  return mnemonic;
}

export const localMnemonicFile = (dataDir: string): string => join(dataDir, 'wallet', 'mnemonic');

/** The data folder's mnemonic, generated on first use; concurrent first uses agree on one. */
export function localMnemonic(dataDir: string): MnemonicSource {
  return async () => {
    return readOrMakeOnce(localMnemonicFile(dataDir), async () => {
      // A computed specifier: bundlers leave it alone, so the local-only generator stays out of Lambda bundles.
      const generator = '#lib/wallet/local-mnemonic.ts';
      const { newMnemonic } = (await import(generator)) as typeof import('#lib/wallet/local-mnemonic.ts');
      return `${newMnemonic()}\n`;
    });
  };
}

/** The secret's value is the mnemonic itself (plain text). */
const secretMnemonic =
  (secretArn: string): MnemonicSource =>
  () =>
    readSecretString(secretArn);

const serviceWalletsFor = (options: { dataDir: string; secretArn?: string | undefined }): ServiceWallets =>
  serviceWallets(options.secretArn ? secretMnemonic(options.secretArn) : localMnemonic(options.dataDir));

/** The context's service wallets, built from configuration on first use unless the context was given one. */
export const walletsOf = (ctx: AppContext): ServiceWallets =>
  (ctx.wallets ??= serviceWalletsFor({ dataDir: ctx.dataDir, secretArn: servicesConfig().WALLET_MNEMONIC_SECRET_ARN }));
