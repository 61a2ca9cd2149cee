// Request shapes of the partner operations, as zod schemas: they validate requests and generate the OpenAPI
// document (responses are in response-schemas.ts).
import * as z from 'zod/mini';
import { getAddress, isAddress } from 'viem';

export const LOOKUP_REASONS = ['LOCKED', 'SOLD', 'ALREADY_MINTED', 'NOT_MINTABLE'] as const;

/** Idempotency-Key length limits (characters). */
export const KEY_MIN = 8;
export const KEY_MAX = 128;

/** Header name as clients send it; also the `path` of its validation errors. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Plaque ids in paths: positive integers written plainly (no sign, no leading zeros, no exponent). */
export const plaqueIdParam = z.pipe(
  z.string().check(z.refine((s) => /^[1-9][0-9]{0,14}$/.test(s), 'must be a positive integer')),
  z.transform(Number),
);

/** An EVM address, EIP-55 checksummed or all lower-case (a mixed-case address with a bad checksum is a typo); checksummed on the way in. */
export const walletAddress = z.pipe(
  z.string().check(
    z.refine((s) => isAddress(s, { strict: true }), 'must be a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case'),
  ),
  z.transform((s) => getAddress(s)),
);

export const createApiKeyBody = z.strictObject({
  /** A label for the dashboard and for operators (the API Gateway key's description). */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

export const apiKeyIdParam = z.string().check(z.minLength(1), z.maxLength(128));

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

// ---- Inputs as the handlers read them: path parameters and body members side by side ----

export const plaqueIdInput = z.object({ id: plaqueIdParam });
export const prepareInput = z.extend(prepareBody, { id: plaqueIdParam });
export const buyInput = z.extend(buyBody, { id: plaqueIdParam, [IDEMPOTENCY_HEADER]: idempotencyKeyHeader });

/** The body members beside the path parameters; a body that is not an object is passed on as is, to be refused. */
export function withPath(body: unknown, path: Record<string, unknown>): unknown {
  if (body === undefined) return { ...path };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, ...path };
}
