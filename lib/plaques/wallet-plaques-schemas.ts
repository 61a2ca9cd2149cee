// Request shapes of a wallet's minted plaques (GET /wallets/{address}/plaques, GET /auth/plaques), as zod schemas:
// they validate the path and query and generate the OpenAPI document.
import * as z from 'zod/mini';
import { walletAddress } from '#lib/partner/sale-schemas.ts';
import { queryInteger } from '#lib/validation.ts';

/** Plaques per page: at most, and when not asked. */
export const MAX_WALLET_PLAQUES_LIMIT = 100;
export const DEFAULT_WALLET_PLAQUES_LIMIT = 20;

export const walletPlaquesPage = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_WALLET_PLAQUES_LIMIT)), DEFAULT_WALLET_PLAQUES_LIMIT),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export const walletPlaquesInput = z.extend(walletPlaquesPage, { address: walletAddress });

export type WalletPlaquesPageInput = z.infer<typeof walletPlaquesPage>;

/** Query text → the schema's types: `limit` as a number when it is written as an integer (lib/validation.ts). */
export function walletPlaquesQuery(query: Record<string, string | string[]>): Record<string, unknown> {
  const { limit } = query;
  return { limit: queryInteger(limit), cursor: query.cursor };
}
