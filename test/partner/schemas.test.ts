// The partner inputs' rules: wallet addresses, plaque ids and Idempotency-Keys.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { idempotencyKeyHeader } from '#lib/http/idempotency.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('walletAddress', () => {
  it('accepts an EIP-55 checksummed or all lower-case address and checksums it', () => {
    expect(walletAddress.parse(CHECKSUMMED)).toBe(CHECKSUMMED);
    expect(walletAddress.parse(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
  });

  it('refuses a mixed-case address with a wrong checksum, wrong lengths and non-hex', () => {
    for (const bad of [
      '0x70997970c51812dc3A010C7d01b50e0d17dc79C8',
      '0x70997970C51812DC3A010C7D01B50E0D17DC79C8',
      '0x7099',
      `${CHECKSUMMED}00`,
      '70997970c51812dc3a010c7d01b50e0d17dc79c8',
      '0xzz997970c51812dc3a010c7d01b50e0d17dc79c8',
    ]) {
      expect(walletAddress.safeParse(bad).success, bad).toBe(false);
    }
  });

  // Invariant: any 20 bytes written lower-case or checksummed are accepted and come out as the checksummed form.
  it('accepts every address in either accepted spelling (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${Buffer.from(bytes).toString('hex')}`;
        const checksummed = getAddress(lower);
        expect(walletAddress.parse(lower)).toBe(checksummed);
        expect(walletAddress.parse(checksummed)).toBe(checksummed);
      }),
    );
  });
});

describe('plaqueIdParam', () => {
  it('takes positive integers written plainly', () => {
    expect(plaqueIdParam.parse('1')).toBe(1);
    expect(plaqueIdParam.parse('999999999999999')).toBe(999999999999999);
    for (const bad of ['0', '-1', '01', '1.0', '1e2', ' 1', '', '9999999999999999'])
      expect(plaqueIdParam.safeParse(bad).success, bad).toBe(false);
  });
});

describe('idempotencyKeyHeader', () => {
  it('takes 8 to 128 printable ASCII characters', () => {
    expect(idempotencyKeyHeader.safeParse('12345678').success).toBe(true);
    expect(idempotencyKeyHeader.safeParse('k'.repeat(128)).success).toBe(true);
    for (const bad of ['1234567', 'k'.repeat(129), 'with space', 'tab\there', 'ümlaut-key'])
      expect(idempotencyKeyHeader.safeParse(bad).success, bad).toBe(false);
  });
});
