// The buyer's wallet, shared by the sale's requests (prepare-schemas.ts, buy-schemas.ts): each operation's shapes have
// their own module because module-level schemas are built when a function loads.
import * as z from 'zod/mini';
import { checksumAddress, isAddress } from '#lib/chain/address.ts';

/** An EVM address, EIP-55 checksummed or all lower-case (a mixed-case address with a bad checksum is a typo); checksummed on the way in. */
export const walletAddress = z.pipe(
  z
    .string()
    .check(z.refine((s) => isAddress(s, { strict: true }), 'must be a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case')),
  z.transform((s) => checksumAddress(s)),
);
