// What the partner operations' declarations share: the rules they state and the group they are listed in.
import { paragraphs, sentences, type RequestDoc, type Tag } from '#lib/http/operation.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';

// Every API-key operation records the key's last use (at most once a minute) while resolving the partner.
export const partnerCall = { table: 'readWrite' } as const satisfies FunctionAccess;

export const plaqueIdPath = {
  id: {
    description: 'Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.',
    schema: plaqueIdParam,
  },
} as const satisfies RequestDoc['path'];

export const dashboardRules =
  "Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: " +
  "only the caller's own items are ever listed.";

export const partnerRules = paragraphs(
  'The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, ' +
    'so any of its keys sees them (keys can be rotated without losing orders).',
  "A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).",
  "Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).",
  'Deleted plaques answer 404 PLAQUE_NOT_FOUND.',
);

export const tokenRules =
  "The token id is the plaque's recorded `tokenId`, or its plaque id while it has none (ids are unique, so token ids are too); " +
  "the contract is the plaque's recorded `contractAddress`, or the service's PlaqueToken contract.";

/** The Order record's members beyond the status, shared by every operation that answers orders. */
export const orderRecordRules = sentences(
  '`plaqueName`, `price` and `currency` are those of the sale (the price quoted at prepare). `buyerWallet` is the checksummed wallet the token is minted to.',
  "`explorerUrl` is `txHash`'s page on the stage's block explorer (`<explorer>/tx/<txHash>`), null while there is no transaction or when the stage names no explorer (locally, unless CHAIN_EXPLORER_URL is set).",
  "`tokenUrl` is the minted token's page on the same explorer (`<explorer>/token/<contract>?a=<token id>`, the token id in decimal), null until the order is DELIVERED or when the stage names no explorer.",
  '`createdAt` is the sale, `updatedAt` the last change of status or transaction, `deliveredAt` the delivery (null until DELIVERED).',
  "`cancelReason` is the operator's reason for a CANCELLED order, null otherwise.",
  "`mintCost` is what the order's mint cost the service, once DELIVERED: its share of the transaction that minted it (orders are minted up to 50 to a transaction, which split its gas evenly: `gas`, with `tokensInTransaction` the tokens it minted) at the price that transaction paid per gas (`gasPriceWei`), and their product (`feeWei`); wei amounts are decimal strings, beyond a JSON number's exact range. Null until DELIVERED, and for a token that reached the buyer's wallet outside the service.",
);

/** The operations' group in the document. */
export const partnerTag: Tag = {
  name: 'Partner',
  description: 'Selling through partners: API keys (created with a JWT), then lookup, owner, hold, buy and the order (with `x-api-key`).',
};
