// Addresses checked and checksummed without viem's index (lib/chain/address.ts): held to viem's own answers.
import fc from 'fast-check';
import { getAddress, isAddress as viemIsAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress, isAddress } from '#lib/chain/address.ts';

const HEX = '0123456789abcdefABCDEF';

/** 40 hex digits behind 0x, each in a random case: lower, upper, checksummed or neither. */
const anyCaseAddress = fc
  .tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
  .map(([bytes, upper]) => {
    const digits = Buffer.from(bytes).toString('hex');
    return `0x${[...digits].map((digit, i) => (upper[i] ? digit.toUpperCase() : digit)).join('')}`;
  });

/** Strings near the form of an address: hex or other digits, lengths around 40, with or without the 0x. */
const nearAddress = fc
  .tuple(fc.constantFrom('0x', '0X', '', 'x0'), fc.array(fc.constantFrom(...HEX, 'g', 'G', ' ', 'x'), { minLength: 38, maxLength: 42 }))
  .map(([prefix, digits]) => prefix + digits.join(''));

describe('checksumAddress', () => {
  it('answers the EIP-55 examples', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumAddress(address.toLowerCase())).toBe(address);
      expect(checksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
    }
  });

  // Every address in any case checksums exactly as viem's getAddress does.
  it("checksums any address in any case as viem's getAddress does", () => {
    fc.assert(
      fc.property(anyCaseAddress, (address) => checksumAddress(address) === getAddress(address)),
      { numRuns: 500 },
    );
  });

  // Whatever is not an address is refused, as viem's getAddress refuses it.
  it('refuses what is not a 0x address of 40 hex digits', () => {
    fc.assert(
      fc.property(nearAddress, (value) => {
        const viemRefuses = !viemIsAddress(value, { strict: false });
        if (viemRefuses) expect(() => checksumAddress(value)).toThrow(/not a 0x address/);
        else expect(checksumAddress(value)).toBe(getAddress(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('isAddress', () => {
  // Strict or not, it accepts and refuses exactly what viem's isAddress does, for addresses in any case and near misses.
  it("accepts exactly what viem's isAddress accepts, strict or not", () => {
    fc.assert(
      fc.property(fc.oneof(anyCaseAddress, nearAddress), fc.boolean(), (value, strict) => {
        expect(isAddress(value, { strict })).toBe(viemIsAddress(value, { strict }));
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a mixed-case address with a wrong checksum only when strict', () => {
    const typo = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    expect(isAddress(typo, { strict: true })).toBe(false);
    expect(isAddress(typo, { strict: false })).toBe(true);
    expect(isAddress(typo.toLowerCase(), { strict: true })).toBe(true);
  });
});
