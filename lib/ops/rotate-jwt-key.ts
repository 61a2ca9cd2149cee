// `rotate-jwt-key`: makes a new current signing key and keeps the old one as previous, so tokens it signed stay
// valid until they expire (24 h). Works on the local key file (DATA_DIR) or on the stage's Secrets Manager secret;
// a secret still holding CloudFormation's placeholder gets its first key set.
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { coreConfig, tokenConfig } from '#lib/config.ts';
import { parseKeySet, type JwtKeySet } from '#lib/auth/key-set.ts';
import { newKeySet, rotatedKeySet } from '#lib/auth/key-generation.ts';
import { localKeyFile, readLocalKeySet } from '#lib/auth/key-store.ts';
import { regionOfArn } from '#lib/auth/aws-secret.ts';
import { secretsManagerStore, type SecretStore } from '#lib/ops/secret-store.ts';

export interface RotateJwtKeyOptions {
  /**
   * The secret to rotate: ARN or name (e.g. `PlaqueApi-staging/jwt-signing-keys`). Defaults to JWT_KEYS_SECRET_ARN;
   * without either, the local key file under `dataDir` is rotated.
   */
  secretId?: string;
  /** AWS region of the secret; defaults to the ARN's region, then AWS_REGION. */
  region?: string;
  /** Local data folder; defaults to DATA_DIR. */
  dataDir?: string;
  /** Make the local key file when the folder has none (otherwise refused: a mistyped DATA_DIR would get a new key). */
  createDataDir?: boolean;
  /** A client standing in for Secrets Manager's. */
  secrets?: Pick<SecretsManagerClient, 'send'>;
  /** Where the secret lives when not in Secrets Manager (`--secrets-dir`). */
  store?: SecretStore;
}

export interface RotationResult {
  /** `secret <id>` or the local file's path. */
  location: string;
  currentKid: string;
  /** null when the secret held no key set before (first run on a new stage). */
  previousKid: string | null;
}

const summary = (location: string, set: JwtKeySet): RotationResult => ({
  location,
  currentKid: set.current.kid,
  previousKid: set.previous?.kid ?? null,
});

export async function rotateJwtKey(options: RotateJwtKeyOptions = {}): Promise<RotationResult> {
  const secretId = options.secretId ?? tokenConfig().JWT_KEYS_SECRET_ARN;
  if (secretId) {
    const region = options.region ?? (secretId.startsWith('arn:') ? regionOfArn(secretId) : coreConfig().AWS_REGION);
    const store = options.store ?? secretsManagerStore({ region, ...(options.secrets && { client: options.secrets }) });
    const stored = await store.read(secretId);
    const existing = stored ? parseKeySet(stored) : null;
    const next = existing ? await rotatedKeySet(existing) : await newKeySet();
    await store.write(secretId, JSON.stringify(next));
    return summary(`secret ${secretId}`, next);
  }

  const dataDir = options.dataDir ?? coreConfig().DATA_DIR;
  const file = localKeyFile(dataDir);
  if (!options.createDataDir && !existsSync(file)) {
    throw new Error(
      `${file} does not exist: run npm start on ${dataDir} once (it makes the key), point DATA_DIR or --data-dir at a folder that holds data, or pass --create-data-dir to make a first key there`,
    );
  }
  const next = await rotatedKeySet(await readLocalKeySet(dataDir, newKeySet));
  // Write beside, then rename: a reader sees the old set or the new one, never half of one.
  const draft = `${file}.rotating`;
  await writeFile(draft, JSON.stringify(next, null, 2), { mode: 0o600 });
  await rename(draft, file);
  return summary(file, next);
}
