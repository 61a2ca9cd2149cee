// The user record's rules: defaults of a new account, what a client sees, masking and usernames.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isReservedFor,
  isValidUsername,
  maskEmail,
  maskWallet,
  newUser,
  normalizeEmail,
  presentUser,
  type StoredUser,
} from '#lib/accounts/user.ts';

const WALLET = '0x1234567890AbcdEF1234567890aBcdef12345678';

const aStoredUser = (overrides: Partial<StoredUser> = {}): StoredUser => ({
  ...newUser({ id: 7, email: 'a@b.co', walletAddress: WALLET, now: new Date('2026-01-01T00:00:00.000Z') }),
  passwordHash: 'scrypt$17$8$1$c2FsdA==$aGFzaA==',
  phoneNumber: '+4915112345678',
  imageKey: 'users/7/x.png',
  ...overrides,
});

describe('newUser', () => {
  it('gives a new account the defaults of the contract', () => {
    const user = newUser({ id: 42, email: 'new@example.com', walletAddress: WALLET, now: new Date('2026-02-03T04:05:06.789Z') });
    expect(user).toMatchObject({
      id: 42,
      username: 'user42',
      receiveEmail: true,
      canGetDeltaEnergy: false,
      totalEnergyReceived: 0,
      totalPings: 0,
      access: [],
      image: null,
      paymentCustomerId: null,
      emailVerify: false,
      isServiceWallet: true,
      deletedAt: null,
      createdAt: '2026-02-03T04:05:06.789Z',
      updatedAt: '2026-02-03T04:05:06.789Z',
      passwordHash: null,
      phoneNumber: null,
      tokenVersion: 1,
    });
  });
});

describe('presentUser', () => {
  it('has exactly the fields of the User resource, never the hash, code or phone', () => {
    const shown = presentUser(aStoredUser(), { viewerIsOwner: true });
    expect(Object.keys(shown).sort()).toEqual(
      [
        'id',
        'createdAt',
        'updatedAt',
        'deletedAt',
        'email',
        'username',
        'image',
        'walletAddress',
        'receiveEmail',
        'canGetDeltaEnergy',
        'emailVerify',
        'emailVerificationCodeExpireTime',
        'access',
        'paymentCustomerId',
        'totalEnergyReceived',
        'totalPings',
        'isServiceWallet',
      ].sort(),
    );
    const text = JSON.stringify(shown);
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('+4915112345678');
    expect(text).not.toContain('users/7/x.png');
  });

  it('shows the wallet in full to its owner and masked to anyone else', () => {
    expect(presentUser(aStoredUser(), { viewerIsOwner: true }).walletAddress).toBe(WALLET);
    expect(presentUser(aStoredUser(), { viewerIsOwner: false }).walletAddress).toBe('0x1234\u20265678');
  });
});

describe('maskWallet', () => {
  it('keeps the first 6 and last 4 characters around a single U+2026', () => {
    expect(maskWallet('0xAbCdEf0000000000000000000000000000001234')).toBe('0xAbCd…1234');
    expect(maskWallet(WALLET)).toHaveLength(11);
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
  });
});

describe('usernames', () => {
  it('accepts 3–30 characters of letters, digits, underscore and dot', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('A.b_9'.padEnd(30, 'x'))).toBe(true);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(31))).toBe(false);
    expect(isValidUsername('with space')).toBe(false);
    expect(isValidUsername('dash-ed')).toBe(false);
    expect(isValidUsername('ümlaut')).toBe(false);
  });

  it('reserves user<number> names for the account with that id', () => {
    expect(isReservedFor('user8', 7)).toBe(true);
    expect(isReservedFor('USER8', 7)).toBe(true);
    expect(isReservedFor('user7', 7)).toBe(false);
    expect(isReservedFor('User7', 7)).toBe(false);
    expect(isReservedFor('user7x', 8)).toBe(false);
    expect(isReservedFor('alice', 7)).toBe(false);
  });

  it("reserves the service account's name for nobody, in any casing", () => {
    expect(isReservedFor('plaques', 7)).toBe(true);
    expect(isReservedFor('PLAQUES', 7)).toBe(true);
    expect(isReservedFor('plaques_fan', 7)).toBe(false);
  });

  // Invariant: normalising an address is idempotent and never leaves upper-case letters behind.
  it('normalises addresses to one lower-case form', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const once = normalizeEmail(email);
        expect(normalizeEmail(once)).toBe(once);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });
});
