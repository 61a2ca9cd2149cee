// The request shape of GET /tokens/{id}.json, as a zod schema: it validates requests and generates the OpenAPI document.
import * as z from 'zod/mini';

/**
 * The token id as EIP-1155 clients substitute `{id}` (64 hex digits, lower-case as they send it, any case accepted) or
 * in decimal (1–63 digits, so never mistaken for hex); the path's `.json` after it is removed before this sees it
 * (Operation.path). → the token id.
 */
export const tokenIdParam = z.pipe(
  // A pattern, so the document states it as it is checked.
  z.string().check(z.regex(/^(?:[0-9a-fA-F]{64}|[0-9]{1,63})$/, 'must be the token id as 64 hex digits or 1–63 decimal digits')),
  z.transform((id): bigint => BigInt(id.length === 64 ? `0x${id}` : id)),
);
