// Request shapes of a wallet's minted plaques (GET /wallets/{address}/plaques, GET /auth/plaques), as zod schemas:
// they validate the path and query and generate the OpenAPI document.
import * as z from 'zod/mini';

/** Plaques per page: at most, and when not asked. */
export const MAX_WALLET_PLAQUES_LIMIT = 100;
export const DEFAULT_WALLET_PLAQUES_LIMIT = 20;

export const walletPlaquesPage = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_WALLET_PLAQUES_LIMIT)), DEFAULT_WALLET_PLAQUES_LIMIT),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export type WalletPlaquesPageInput = z.infer<typeof walletPlaquesPage>;
