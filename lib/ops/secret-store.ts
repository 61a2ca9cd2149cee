// Where the ops commands read and write a stage's secrets: Secrets Manager through the AWS SDK, or a folder of files
// standing in for it (`--secrets-dir`: rehearsing a first deploy, and the tests, which have no Secrets Manager).
// The commands see only this port, so the same command logic runs against either.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { assertAwsCredentials } from '#lib/ops/aws-credentials.ts';

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
    super(`secret ${secretId} does not exist in ${where}: deploy the stage first (npx cdk deploy -c stage=<stage>)`);
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
