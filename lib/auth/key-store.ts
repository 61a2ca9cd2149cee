// Where the JWT key set lives: a file generated once under DATA_DIR locally, a Secrets Manager secret in AWS.
// Kept small on purpose: the TOKEN authorizer imports it (no SDK, no DynamoDB).
import { readIfExists, readOrMakeOnce } from '#lib/runtime/data-file.ts';
import { join } from 'node:path';
import { tokenConfig } from '#lib/config.ts';
import { readSecretString, type ReadSecretOptions } from '#lib/auth/aws-secret.ts';
import { parseKeySet, type JwtKeySet } from '#lib/auth/key-set.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface JwtKeyStore {
  /** The key set; read once and cached for `maxAgeMs`. */
  keys(): Promise<JwtKeySet>;
  /**
   * Reads the set again (a token names a kid this process has not seen: the keys were rotated elsewhere).
   * Calls closer together than `minRefreshMs` get the cached set, so forged kids cannot drive reads.
   */
  refresh(): Promise<JwtKeySet>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** JWT signing/verification keys and the code hash key (Secrets Manager in AWS, DATA_DIR/keys locally): `jwtKeysOf(ctx)`. */
    jwtKeys?: JwtKeyStore;
  }
}

export interface KeyStoreTiming {
  /** How long a read set is trusted before it is read again (picks up rotations). */
  maxAgeMs?: number;
  /** Least time between two forced re-reads. */
  minRefreshMs?: number;
  now?: () => number;
}

const DEFAULT_MAX_AGE_MS = 5 * 60_000;
const DEFAULT_MIN_REFRESH_MS = 10_000;

/** A store over any reader: caches the set, shares one read among concurrent callers. */
function cachedStore(read: () => Promise<JwtKeySet>, timing: KeyStoreTiming = {}): JwtKeyStore {
  const now = timing.now ?? Date.now;
  const maxAge = timing.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const minRefresh = timing.minRefreshMs ?? DEFAULT_MIN_REFRESH_MS;
  let cached: { set: Promise<JwtKeySet>; at: number } | undefined;
  const load = (): Promise<JwtKeySet> => {
    const entry = { set: read(), at: now() };
    cached = entry;
    // A failed read is not cached: the next call tries again.
    entry.set.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.set;
  };
  return {
    keys: () => (cached && now() - cached.at < maxAge ? cached.set : load()),
    refresh: () => (cached && now() - cached.at < minRefresh ? cached.set : load()),
  };
}

/** The key file of a data folder. */
export const localKeyFile = (dataDir: string): string => join(dataDir, 'keys', 'jwt-keys.json');

/** Makes the first key set of a data folder (key-generation.ts's `newKeySet`). */
export type KeySetFactory = () => Promise<JwtKeySet>;

/**
 * Reads the local key file; when there is none, `create` makes it (without one, a missing file is an error).
 * Two processes creating it at once end up with the same keys.
 */
export async function readLocalKeySet(dataDir: string, create?: KeySetFactory): Promise<JwtKeySet> {
  const file = localKeyFile(dataDir);
  if (!create) {
    const existing = await readIfExists(file);
    if (existing === null) throw new Error(`${file} does not exist; start the service (npm start) to create it`);
    return parsedOrThrow(existing, file);
  }
  return parsedOrThrow(await readOrMakeOnce(file, async () => JSON.stringify(await create(), null, 2)), file);
}

function parsedOrThrow(text: string, where: string): JwtKeySet {
  const set = parseKeySet(text);
  if (!set) throw new Error(`${where} does not hold a JWT key set; run \`npm run ops -- rotate-jwt-key\` to write one`);
  return set;
}

export const localJwtKeyStore = (dataDir: string, create?: KeySetFactory, timing?: KeyStoreTiming): JwtKeyStore =>
  cachedStore(() => readLocalKeySet(dataDir, create), timing);

export const secretJwtKeyStore = (secretArn: string, options: ReadSecretOptions = {}, timing?: KeyStoreTiming): JwtKeyStore =>
  cachedStore(async () => parsedOrThrow(await readSecretString(secretArn, options), 'the JWT key secret'), timing);

/**
 * The store configuration asks for: the secret when JWT_KEYS_SECRET_ARN is set, else the data folder's file,
 * made by `create` on first use when given.
 */
export function jwtKeyStoreFor(options: { dataDir: string; secretArn?: string | undefined; create?: KeySetFactory }): JwtKeyStore {
  if (options.secretArn) return secretJwtKeyStore(options.secretArn);
  return localJwtKeyStore(options.dataDir, options.create);
}

const readers = new WeakMap<AppContext, JwtKeyStore>();

/**
 * The context's key store where one was given (the local server's and the tests'), else one that reads the keys and
 * never makes them: for the JWKS document, which only publishes keys. In AWS the stage's secret always holds a set
 * (`init-stage` writes it); locally the server's store makes the file on first use. Key generation, and jose with it,
 * stays out of such a function's bundle (key-generation.ts's `jwtKeysOf` makes keys).
 */
export function jwtKeyReaderOf(ctx: AppContext): JwtKeyStore {
  if (ctx.jwtKeys) return ctx.jwtKeys;
  let reader = readers.get(ctx);
  if (!reader) readers.set(ctx, (reader = jwtKeyStoreFor({ dataDir: ctx.dataDir, secretArn: tokenConfig().JWT_KEYS_SECRET_ARN })));
  return reader;
}

let installed: JwtKeyStore | undefined;

/** Installs the store the authorizer verifies with (the app context does this, so tests and the local server agree). */
export function useJwtKeyStore(store: JwtKeyStore): void {
  installed = store;
}

/** This process's key store: the installed one, else the one configuration asks for (reading keys, never making them). */
export function processJwtKeyStore(): JwtKeyStore {
  installed ??= jwtKeyStoreFor({ dataDir: tokenConfig().DATA_DIR, secretArn: tokenConfig().JWT_KEYS_SECRET_ARN });
  return installed;
}
