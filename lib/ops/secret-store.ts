// Where the ops commands read and write a stage's secrets: Secrets Manager through the AWS SDK, or a folder of files
// standing in for it (`--secrets-dir`: rehearsing a first deploy, and the tests, which have no Secrets Manager).
// The commands see only this port, so the same command logic runs against either.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { assertAwsCredentials } from '#lib/ops/aws-credentials.ts';
import { SECRET_NAMES, secretIdOf, stackNameOf, STAGE_NAMES, type SecretRole, type StageName } from '#lib/ops/stage-secrets.ts';

export interface SecretStore {
  /** Where the secrets live, for messages: `Secrets Manager (eu-west-1)` or the folder. */
  readonly describe: string;
  /** The secret's current string value; null when it holds none. Throws when the secret does not exist. */
  read(secretId: string): Promise<string | null>;
  /** Stores a new current value. */
  write(secretId: string, value: string): Promise<void>;
}

class SecretNotFoundError extends Error {
  constructor(secretId: string, where: string) {
    super(`secret ${secretId} does not exist in ${where}: deploy the stage first (npm run ops -- deploy --stage <stage>)`);
  }
}

/** The stage's secrets in AWS Secrets Manager; `client` defaults to one for `region`. */
export function secretsManagerStore(options: { region: string; client?: Pick<SecretsManagerClient, 'send'> }): SecretStore {
  const client = options.client ?? new SecretsManagerClient({ region: options.region });
  const describe = `Secrets Manager (${options.region})`;
  // A client of our own is checked for credentials once, before its first call; a given one is the caller's.
  let ready: Promise<void> | undefined = options.client ? Promise.resolve() : undefined;
  const checked = (): Promise<void> =>
    (ready ??= assertAwsCredentials(
      client as SecretsManagerClient,
      `reach ${describe}`,
      'a rehearsal without AWS takes --secrets-dir <folder>',
    ));
  return {
    describe,
    async read(secretId) {
      await checked();
      try {
        const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
        return out.SecretString ?? null;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) throw new SecretNotFoundError(secretId, describe);
        throw error;
      }
    },
    async write(secretId, value) {
      await checked();
      await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: value }));
    },
  };
}

/** A file per secret under `dir` (`PlaqueApi-staging/jwt-signing-keys` → `dir/PlaqueApi-staging/jwt-signing-keys`). */
export function fileSecretStore(dir: string): SecretStore {
  const root = resolve(dir);
  const fileOf = (secretId: string): string => {
    if (!/^[A-Za-z0-9/_+=.@-]+$/.test(secretId) || secretId.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`not a secret name: ${secretId}`);
    }
    return join(root, secretId);
  };
  const describe = `the secrets folder ${root}`;
  return {
    describe,
    async read(secretId) {
      try {
        const text = await readFile(fileOf(secretId), 'utf8');
        return text.length > 0 ? text : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new SecretNotFoundError(secretId, describe);
        throw error;
      }
    },
    async write(secretId, value) {
      const file = fileOf(secretId);
      await mkdir(join(file, '..'), { recursive: true });
      // Written beside and renamed: a reader sees the old value or the new one, never half of one.
      await writeFile(`${file}.writing`, value, { mode: 0o600 });
      await rename(`${file}.writing`, file);
    },
  };
}

/** What a secrets folder may hold: a folder per stage, named after its stack, as Secrets Manager names the secrets. */
const STAGE_FOLDERS = new Set<string>(STAGE_NAMES.map((stage) => stackNameOf(stage)));

/**
 * A rehearsal's secrets folder, laid out for `stage` as a first `cdk deploy` leaves Secrets Manager: every secret of
 * the stage holding a random placeholder (which `init-stage` then fills). Made when the folder is missing, empty or
 * holds only the other stage's secrets ('created'); left alone when it has the stage's ('present'). A folder holding
 * anything else is no secrets folder (a mistyped path): refused before anything is written in it.
 */
export async function ensureRehearsalSecrets(dir: string, stage: StageName): Promise<'created' | 'present'> {
  const root = resolve(dir);
  const entries: string[] = await readdir(root).catch((error: NodeJS.ErrnoException): string[] => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new Error(`--secrets-dir ${root} is a file, not a secrets folder`);
    throw error;
  });
  const strangers: string[] = entries.filter((entry) => !STAGE_FOLDERS.has(entry));
  for (const entry of entries.filter((e) => STAGE_FOLDERS.has(e))) {
    if (!(await stat(join(root, entry))).isDirectory()) strangers.push(entry);
  }
  if (strangers.length > 0) {
    throw new Error(
      `${root} is not a secrets folder: it holds ${strangers.slice(0, 3).join(', ')}${strangers.length > 3 ? ', …' : ''}, ` +
        `where a secrets folder holds only ${[...STAGE_FOLDERS].join(' and ')}. Give --secrets-dir an empty or new folder`,
    );
  }
  if (entries.includes(stackNameOf(stage))) return 'present';
  const store = fileSecretStore(root);
  for (const role of Object.keys(SECRET_NAMES) as SecretRole[]) {
    await store.write(secretIdOf(stage, role), randomBytes(24).toString('base64url'));
  }
  return 'created';
}
