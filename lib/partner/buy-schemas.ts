// The input of POST /partner/plaques/{id}/buy, as zod schemas: they validate requests and generate the OpenAPI document.
import * as z from 'zod/mini';
import { walletAddress } from '#lib/partner/sale-schemas.ts';

export const buyBody = z.strictObject({
  reservationId: z.string().check(z.minLength(1), z.maxLength(128)),
  buyerWallet: walletAddress,
});
