// Request shapes of the sale (prepare, buy), as zod schemas: they validate requests and generate the OpenAPI document.
import * as z from 'zod/mini';
import { getAddress, isAddress } from 'viem';
import { IDEMPOTENCY_HEADER, KEY_MAX, KEY_MIN, plaqueIdParam } from '#lib/partner/schemas.ts';

/** An EVM address, EIP-55 checksummed or all lower-case (a mixed-case address with a bad checksum is a typo); checksummed on the way in. */
export const walletAddress = z.pipe(
  z
    .string()
    .check(z.refine((s) => isAddress(s, { strict: true }), 'must be a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case')),
  z.transform((s) => getAddress(s)),
);

export const prepareBody = z.strictObject({ buyerWallet: walletAddress });

export const buyBody = z.strictObject({
  reservationId: z.string().check(z.minLength(1), z.maxLength(128)),
  buyerWallet: walletAddress,
});

export const idempotencyKeyHeader = z.string().check(
  z.minLength(KEY_MIN),
  z.maxLength(KEY_MAX),
  z.refine((s) => /^[\x21-\x7e]+$/.test(s), 'must be printable ASCII without spaces'),
);

export const prepareInput = z.extend(prepareBody, { id: plaqueIdParam });
export const buyInput = z.extend(buyBody, { id: plaqueIdParam, [IDEMPOTENCY_HEADER]: idempotencyKeyHeader });
