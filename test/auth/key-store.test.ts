// Where the JWT keys live: generated once locally, read from the secret in AWS, rotated by the ops command.
import { mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { newKeySet } from '#lib/auth/key-generation.ts';
import { jwksOf, parseKeySet } from '#lib/auth/key-set.ts';
import { jwtKeyReaderOf, localJwtKeyStore, localKeyFile, readLocalKeySet, secretJwtKeyStore } from '#lib/auth/key-store.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { rotateJwtKey } from '#lib/ops/rotate-jwt-key.ts';

const aDataDir = () => mkdtempSync(join(tmpdir(), 'plaque-keystore-'));

describe('local key file', () => {
  it('is created once, readable only by its owner, and the same for concurrent first readers', async () => {
    const dataDir = aDataDir();
    const sets = await Promise.all(Array.from({ length: 8 }, () => readLocalKeySet(dataDir, newKeySet)));
    expect(new Set(sets.map((s) => s.current.kid)).size).toBe(1);
    expect(statSync(localKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    expect((await readLocalKeySet(dataDir)).current.kid).toBe(sets[0]!.current.kid);
  });

  it('is never created by a reader that may not create it', async () => {
    await expect(readLocalKeySet(aDataDir())).rejects.toThrow(/does not exist/);
  });

  it('refuses a damaged file instead of replacing it', async () => {
    const dataDir = aDataDir();
    mkdirSync(join(dataDir, 'keys'));
    writeFileSync(localKeyFile(dataDir), '{"current":"oops"}');
    await expect(readLocalKeySet(dataDir, newKeySet)).rejects.toThrow(/does not hold a JWT key set/);
    expect(readFileSync(localKeyFile(dataDir), 'utf8')).toBe('{"current":"oops"}');
  });
});

describe('the JWKS reader', () => {
  it('uses the context’s store where it has one, else reads its own data folder’s keys and never makes them', async () => {
    const given = localJwtKeyStore(aDataDir(), newKeySet);
    expect(jwtKeyReaderOf(createAppContext({ dataDir: aDataDir(), jwtKeys: given }))).toBe(given);

    const [first, second] = [aDataDir(), aDataDir()];
    const [firstSet, secondSet] = await Promise.all([readLocalKeySet(first, newKeySet), readLocalKeySet(second, newKeySet)]);
    const ctx = createAppContext({ dataDir: first });
    expect((await jwtKeyReaderOf(ctx).keys()).current.kid).toBe(firstSet.current.kid);
    expect(jwtKeyReaderOf(ctx)).toBe(jwtKeyReaderOf(ctx));
    expect((await jwtKeyReaderOf(createAppContext({ dataDir: second })).keys()).current.kid).toBe(secondSet.current.kid);

    const empty = aDataDir();
    await expect(jwtKeyReaderOf(createAppContext({ dataDir: empty })).keys()).rejects.toThrow(/does not exist/);
    expect(() => statSync(localKeyFile(empty))).toThrow();
  });
});

describe('cached stores', () => {
  it('read once until the cache ages, share one read, and re-read on refresh no more often than allowed', async () => {
    let clock = 0;
    let reads = 0;
    const set = await newKeySet();
    const fakeFetch = (async () => {
      reads++;
      return new Response(JSON.stringify({ SecretString: JSON.stringify(set) }));
    }) as unknown as typeof fetch;
    const timing = { maxAgeMs: 1000, minRefreshMs: 100, now: () => clock };
    const store = secretJwtKeyStore(
      'arn:aws:secretsmanager:us-east-1:1:secret:k',
      { credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, fetch: fakeFetch },
      timing,
    );
    await Promise.all([store.keys(), store.keys()]);
    clock = 50;
    await store.refresh();
    expect(reads).toBe(1);
    clock = 150;
    await store.refresh();
    expect(reads).toBe(2);
    clock = 1100;
    await store.keys();
    expect(reads).toBe(2);
    clock = 1200;
    expect((await store.keys()).current.kid).toBe(set.current.kid);
    expect(reads).toBe(3);
  });

  it('do not keep a failed read', async () => {
    let fail = true;
    const set = await newKeySet();
    const fakeFetch = (async () =>
      fail
        ? new Response('{"__type":"ThrottlingException"}', { status: 400 })
        : new Response(JSON.stringify({ SecretString: JSON.stringify(set) }))) as unknown as typeof fetch;
    const store = secretJwtKeyStore('arn:aws:secretsmanager:us-east-1:1:secret:k', {
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      fetch: fakeFetch,
    });
    await expect(store.keys()).rejects.toThrow(/ThrottlingException/);
    fail = false;
    await expect(store.keys()).resolves.toEqual(set);
  });

  it('refuse a secret that does not hold a key set (the placeholder before the first rotation)', async () => {
    const fakeFetch = (async () => new Response(JSON.stringify({ SecretString: 'Xq7#placeholder' }))) as unknown as typeof fetch;
    const store = secretJwtKeyStore('arn:aws:secretsmanager:us-east-1:1:secret:k', {
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      fetch: fakeFetch,
    });
    await expect(store.keys()).rejects.toThrow(/rotate-jwt-key/);
  });
});

describe('rotateJwtKey', () => {
  it('locally: a new current key, the old one kept as previous, the code hash key unchanged', async () => {
    const dataDir = aDataDir();
    const before = await readLocalKeySet(dataDir, newKeySet);
    const result = await rotateJwtKey({ dataDir });
    const after = await readLocalKeySet(dataDir);
    expect(result).toEqual({ location: localKeyFile(dataDir), currentKid: after.current.kid, previousKid: before.current.kid });
    expect(after.previous).toEqual(before.current);
    expect(after.codeHashKey).toBe(before.codeHashKey);
    expect(jwksOf(after).keys.map((k) => k.kid)).toEqual([after.current.kid, before.current.kid]);
    expect(JSON.stringify(jwksOf(after))).not.toMatch(/"d"/);
  });

  it('in AWS: writes the first key set over the placeholder, then rotates it', async () => {
    let stored = 'placeholder-from-cloudformation';
    const sent: unknown[] = [];
    const secrets = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof GetSecretValueCommand) return { SecretString: stored };
        if (command instanceof PutSecretValueCommand) {
          stored = command.input.SecretString!;
          return {};
        }
        throw new Error('unexpected command');
      },
    } as never;
    const first = await rotateJwtKey({ secretId: 'PlaqueApi-staging/jwt-signing-keys', secrets });
    expect(first.previousKid).toBeNull();
    const firstSet = parseKeySet(stored)!;
    expect(firstSet.current.kid).toBe(first.currentKid);
    const second = await rotateJwtKey({ secretId: 'PlaqueApi-staging/jwt-signing-keys', secrets });
    const secondSet = parseKeySet(stored)!;
    expect(second).toEqual({
      location: 'secret PlaqueApi-staging/jwt-signing-keys',
      currentKid: secondSet.current.kid,
      previousKid: first.currentKid,
    });
    expect(secondSet.codeHashKey).toBe(firstSet.codeHashKey);
    expect(sent).toHaveLength(4);
  });
});
