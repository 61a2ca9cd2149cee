// Ethereum addresses checked and checksummed (EIP-55) where code names an address without calling the chain: a
// plaque's token contract, a buyer's wallet, the service account's wallet. The checksum is the case of each hex digit
// set by the Keccak-256 hash of the lower-case address (EIP-55), hashed with @noble/hashes, the hash library viem itself
// uses. `getAddress` from viem's index brings about 170 KB into a bundle (its WebSocket transport among it) and about
// 4 ms to a cold start, which functions that never call the chain should not pay; ox's Address module costs them
// 1.4 ms and the functions that do call the chain 0.8 ms more, where this costs 0.85 ms and nothing (paired A/B of
// fresh-process imports against the SDK-only floor, docs/bench.md).
// test/chain/address.test.ts holds both functions to viem's answers.
import { keccak_256 } from '@noble/hashes/sha3';

/** A 0x address of 40 hex digits, in any case. */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

type Address = `0x${string}`;

/** The EIP-55 checksummed form of a 0x address of 40 hex digits in any case; throws on anything else. */
export function checksumAddress(value: string): Address {
  if (!ADDRESS.test(value)) throw new Error(`not a 0x address of 40 hex digits: ${JSON.stringify(value)}`);
  const digits = value.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(digits));
  let checksummed = '0x';
  for (let i = 0; i < digits.length; i++) {
    // Digit i takes the case of hash nibble i: a nibble of 8 or more makes a letter upper case.
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    checksummed += nibble >= 8 ? digits[i]!.toUpperCase() : digits[i]!;
  }
  return checksummed as Address;
}

/**
 * Whether `value` is a 0x address of 40 hex digits; `strict` also refuses a mixed-case one whose case is not its
 * EIP-55 checksum (all lower case is accepted either way).
 */
export function isAddress(value: string, options: { strict: boolean }): boolean {
  if (!ADDRESS.test(value)) return false;
  return !options.strict || value === value.toLowerCase() || checksumAddress(value) === value;
}
