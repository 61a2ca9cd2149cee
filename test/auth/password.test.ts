// Password hashes: scrypt at OWASP's parameters, salted, parameters stored with the hash.
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_WORK_CONCURRENCY,
  passwordWork,
  SCRYPT_PARAMS,
  verifyNoPassword,
  verifyPassword,
} from '#lib/auth/password.ts';

describe('password hashing', () => {
  it('stores scrypt$17$8$1$<salt>$<key> with a 16-byte salt', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const [scheme, log2N, r, p, salt, key] = hash.split('$');
    expect([scheme, Number(log2N), Number(r), Number(p)]).toEqual(['scrypt', SCRYPT_PARAMS.log2N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(hash).not.toContain('correct horse');
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('pässwörd-123');
    expect(await verifyPassword('pässwörd-123', hash)).toBe(true);
    expect(await verifyPassword('pässwörd-124', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
  });

  it('verifies with the parameters stored in the hash, so they can be raised later', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const weaker = `scrypt$14$8$1$${salt.toString('base64')}$${scryptSync('old-password', salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64')}`;
    expect(await verifyPassword('old-password', weaker)).toBe(true);
  });

  it('hashes at an older cost when told, in the same stored form', async () => {
    const older = await hashPassword('old-password', { log2N: 12, r: 8, p: 1 });
    expect(older.split('$').slice(0, 4)).toEqual(['scrypt', '12', '8', '1']);
    expect([await verifyPassword('old-password', older), await verifyPassword('other-password', older)]).toEqual([true, false]);
  });

  it('refuses damaged or absurd stored hashes instead of trying them', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$30$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5a2V5a2V5a2V5')).toBe(false);
    expect(await verifyNoPassword('anything')).toBe(false);
  });

  it(`hashes and verifies at most ${PASSWORD_WORK_CONCURRENCY} at once: the rest wait for a slot`, async () => {
    const gates: (() => void)[] = [];
    const holders = Array.from({ length: PASSWORD_WORK_CONCURRENCY }, () =>
      passwordWork(() => new Promise<void>((open) => gates.push(open))),
    );
    const hashed = hashPassword('waits-its-turn');
    const verified = verifyNoPassword('waits-its-turn');
    await new Promise((done) => setTimeout(done, 20));
    expect([passwordWork.running, passwordWork.waiting]).toEqual([PASSWORD_WORK_CONCURRENCY, 2]);
    for (const open of gates) open();
    await Promise.all(holders);
    expect(await verifyPassword('waits-its-turn', await hashed)).toBe(true);
    expect(await verified).toBe(false);
    expect([passwordWork.running, passwordWork.waiting]).toEqual([0, 0]);
  });
});
