// What the money operations' declarations share: who may call them, what their amounts are, and their group.
import { paragraphs, type Tag } from '#lib/http/operation.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';

/** Reads the ledger, records the key's last use, and verifies bearer tokens itself (no authorizer runs before it). */
export const moneyCall = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;

export const moneyRules = paragraphs(
  "Called by the partner's servers with any of its API keys (`x-api-key`, scope `sell` or `read`), or by its dashboard with the " +
    "signed-in user's JWT (`Authorization: Bearer`): the partner is the account the keys belong to, and sees only its own money. " +
    'When both headers are sent the key decides. A missing, unknown, revoked or ended key answers 403 FORBIDDEN (and a valid one ' +
    'records its last use); without a key, a missing or invalid token answers 401 UNAUTHORIZED. The function checks both itself: ' +
    "API Gateway's usage plan does not count or throttle these reads per key (the stage's throttle still applies).",
  "Amounts are integers of the currency's minor units (`1250` is 12.50 USD; the ISO 4217 exponent of `currency` says how many " +
    "digits are minor: 2 for USD and EUR, 0 for JPY), never floats. A sale entry has `gross` = the order's price, `commission` = " +
    "gross × the partner's commission (basis points) / 10 000 rounded half up (the one rounding of the ledger), `due` = gross − " +
    'commission: what the partner owes the service. A reversal (the order cancelled by an operator) negates its sale; a payment ' +
    '(recorded by an operator) has `gross` = `due` = −the amount paid and `commission` 0, so every entry holds commission + due = gross.',
  "The ledger is append-only: the buy's own transaction writes the sale entry, the cancellation's the reversal; entries never change. " +
    'Months and times are UTC.',
);

/** The operations' group in the document. */
export const moneyTag: Tag = {
  name: 'Money',
  description:
    "The partner's ledger with the service: a sale, reversal or payment entry for each cause, the balance per currency and monthly statements (JSON or CSV).",
};
