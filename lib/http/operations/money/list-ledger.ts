// The declaration of listLedger: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { partnerKeyOrUser } from '#lib/http/principals.ts';
import { DEFAULT_LEDGER_LIMIT, listLedgerInput, MAX_LEDGER_LIMIT } from '#lib/money/schemas.ts';
import { moneyCall, moneyRules, moneyTag } from '#lib/http/operations/money/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { ledgerPageSchema } from '#lib/money/response-schemas.ts';

export const listLedger = operation({
  method: 'GET',
  path: '/partner/ledger',
  operationId: 'listLedger',
  auth: partnerKeyOrUser,
  access: moneyCall,
  summary: "The partner's ledger entries, newest first",
  description: [
    moneyRules,
    'Newest first, by `createdAt` then id, read page by page from an index keyed by partner and time (never a scan). A sale entry is ' +
      'dated as its order (`createdAt` of the order), a reversal when the order was cancelled, a payment when it was recorded. `id` is ' +
      '`sale_<orderId>`, `rev_<orderId>` or `pay_…`: an order has at most one of each. `orderId` and `plaqueId` are null on a payment, ' +
      "`reference` (the operator's reference of the payment) on the others.",
    '`from` and `to`: ISO 8601 dates or date-times, both inclusive (a date alone as `from` is its midnight UTC, as `to` its whole ' +
      'UTC day; a time without zone is UTC; `from` after `to` answers 400 naming `from`). `type`: `sale`, `reversal` or `payment`. ' +
      `\`limit\`: 1–${MAX_LEDGER_LIMIT} entries a page, default ` +
      `${DEFAULT_LEDGER_LIMIT}. Other query parameters are ignored.`,
    '`nextCursor` is null on the last page; pass it as `cursor` (with the same filters) to read the next one. A cursor this service could ' +
      'not have issued answers 400 VALIDATION_FAILED naming `cursor`. With a `type` a page may hold fewer entries than `limit` while ' +
      '`nextCursor` is not null (a page stops after reading 1000 entries): follow the cursor until it is null.',
  ].join('\n\n'),
  tag: moneyTag,
  request: { query: listLedgerInput },
  example: example([], () => ({ query: { limit: 5, type: 'sale' } })),
  responses: { 200: { description: 'A page of entries', schema: shapeNamed<typeof ledgerPageSchema>('LedgerPage') } },
});
