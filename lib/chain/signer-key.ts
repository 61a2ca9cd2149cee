// Where the service's chain signer key comes from: Secrets Manager in AWS stages, anvil's dev key locally.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { isHex, type Hex } from 'viem';

/** The 32-byte private key a signer secret holds (bare hex, 0x-prefixed or not, or `{"privateKey": "0x…"}`). */
export function parsePrivateKey(text: string): Hex {
  const trimmed = text.trim();
  let candidate = trimmed;
  // The secret may hold the bare key or a JSON document with a `privateKey` member.
  if (trimmed.startsWith('{')) {
    try {
      candidate = String((JSON.parse(trimmed) as { privateKey?: unknown }).privateKey ?? '');
    } catch {
      candidate = '';
    }
  }
  if (!candidate.startsWith('0x')) candidate = `0x${candidate}`;
  if (!isHex(candidate) || candidate.length !== 66) throw new Error('the chain signer secret does not hold a 32-byte hex private key');
  return candidate;
}

/** Reads the key once per cold start, on first use. */
export function secretsManagerSignerKey(secretArn: string, region: string): () => Promise<Hex> {
  let key: Promise<Hex> | undefined;
  return () => {
    key ??= new SecretsManagerClient({ region })
      .send(new GetSecretValueCommand({ SecretId: secretArn }))
      .then((out) => parsePrivateKey(out.SecretString ?? ''))
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      });
    return key;
  };
}

export const fixedSignerKey = (key: Hex) => async (): Promise<Hex> => key;

/** anvil's first well-known dev account (from its default mnemonic): the local deployer and signer. Never a secret. */
export const ANVIL_DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
