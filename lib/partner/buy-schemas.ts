// The input of POST /partner/plaques/{id}/buy, as zod schemas: they validate requests and generate the OpenAPI document.
import * as z from 'zod/mini';
import { KEY_MAX, KEY_MIN } from '#lib/partner/schemas.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';

export const buyBody = z.strictObject({
  reservationId: z.string().check(z.minLength(1), z.maxLength(128)),
  buyerWallet: walletAddress,
});

export const idempotencyKeyHeader = z.string().check(
  z.minLength(KEY_MIN),
  z.maxLength(KEY_MAX),
  z.refine((s) => /^[\x21-\x7e]+$/.test(s), 'must be printable ASCII without spaces'),
);
