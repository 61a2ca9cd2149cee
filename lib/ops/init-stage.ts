// `init-stage`: fills the secrets of a freshly deployed stage. CloudFormation creates them with random placeholders
// the functions refuse; this writes the first JWT key set and a new wallet mnemonic, and the chain signer's key the
// operator hands over in a file or on stdin (never as an argument: it would land in the shell history and in `ps`).
// A secret that already holds a valid value is never overwritten without `force`.
import { validateMnemonic } from '@scure/bip39';
import { english, generateMnemonic, generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { parseKeySet } from '#lib/auth/key-set.ts';
import { newKeySet } from '#lib/auth/key-generation.ts';
import { parsePrivateKey } from '#lib/chain/signer-key.ts';
import type { SecretStore } from '#lib/ops/secret-store.ts';
import { secretIdOf, type SecretRole, type StageName } from '#lib/ops/stage-secrets.ts';

/** Where the signer's key comes from: its text (read from a file or stdin by the caller), or a new key. */
export type SignerKeySource = { kind: 'given'; text: string } | { kind: 'generate' } | { kind: 'none' };

export interface InitStageOptions {
  stage: StageName;
  store: SecretStore;
  signerKey: SignerKeySource;
  /** Replace secrets that already hold a valid value (only those in `only`, when given). */
  force?: boolean;
  /** Limit the command to these secrets. */
  only?: SecretRole[];
}

export type SecretOutcome =
  | { role: SecretRole; secretId: string; outcome: 'written'; note?: string }
  | { role: SecretRole; secretId: string; outcome: 'kept'; note: string }
  | { role: SecretRole; secretId: string; outcome: 'refused' | 'missing'; note: string };

/** Whether a stored value is a real one of its kind (anything else is CloudFormation's placeholder or damage). */
export function holdsValue(role: SecretRole, stored: string | null): boolean {
  if (stored === null) return false;
  switch (role) {
    case 'jwtKeys':
      return parseKeySet(stored) !== null;
    case 'walletMnemonic':
      return validateMnemonic(stored.trim().split(/\s+/).join(' '), english);
    case 'chainSigner':
      try {
        parsePrivateKey(stored);
        return true;
      } catch {
        return false;
      }
  }
}

export async function initStage(options: InitStageOptions): Promise<SecretOutcome[]> {
  const { stage, store } = options;
  const roles: SecretRole[] = options.only ?? ['jwtKeys', 'walletMnemonic', 'chainSigner'];
  const outcomes: SecretOutcome[] = [];
  for (const role of roles) {
    const secretId = secretIdOf(stage, role);
    const filled = holdsValue(role, await store.read(secretId));
    if (role === 'chainSigner') {
      outcomes.push(await fillSigner(store, secretId, filled, options));
      continue;
    }
    if (filled && !options.force) {
      outcomes.push({ role, secretId, outcome: 'kept', note: 'already filled (--force replaces it)' });
      continue;
    }
    if (role === 'jwtKeys') {
      const set = await newKeySet();
      await store.write(secretId, JSON.stringify(set));
      outcomes.push({ role, secretId, outcome: 'written', note: `signing key ${set.current.kid}` });
    } else {
      await store.write(secretId, generateMnemonic(english, 256));
      outcomes.push({
        role,
        secretId,
        outcome: 'written',
        note: 'a new 24-word mnemonic: keep an offline copy (every user wallet derives from it; never change it)',
      });
    }
  }
  return outcomes;
}

async function fillSigner(store: SecretStore, secretId: string, filled: boolean, options: InitStageOptions): Promise<SecretOutcome> {
  const role = 'chainSigner' as const;
  const source = options.signerKey;
  if (source.kind === 'none') {
    return filled
      ? { role, secretId, outcome: 'kept', note: 'already filled' }
      : {
          role,
          secretId,
          outcome: 'missing',
          note: 'still a placeholder: give the key with --signer-key-file <file> (or - for stdin), or --generate-signer-key',
        };
  }
  if (filled && !options.force) {
    return { role, secretId, outcome: 'refused', note: 'already holds a key: refusing to overwrite it without --force' };
  }
  let key: Hex;
  if (source.kind === 'generate') key = generatePrivateKey();
  else {
    try {
      key = parsePrivateKey(source.text);
    } catch {
      return { role, secretId, outcome: 'refused', note: 'the given text is not a 32-byte hex private key' };
    }
  }
  await store.write(secretId, key);
  const address = privateKeyToAccount(key).address;
  return { role, secretId, outcome: 'written', note: `signer ${address} (fund it with the chain's currency to pay for mints)` };
}
