// The declaration of getStatement: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { partnerKeyOrUser } from '#lib/http/principals.ts';
import { monthParam, statementQuery } from '#lib/money/schemas.ts';
import { STATEMENT_CSV_COLUMNS, STATEMENT_FILE_ROWS } from '#lib/money/statement-file.ts';
import { moneyCall, moneyRules, moneyTag } from '#lib/http/operations/money/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { statementSchema } from '#lib/money/response-schemas.ts';

const CSV_EXAMPLE =
  `${STATEMENT_CSV_COLUMNS.join(',')}\r\n` +
  'sale_ord_9e107d9d372bb6826bd81d3542a419d6,sale,2026-11-03T10:15:00.000Z,ord_9e107d9d372bb6826bd81d3542a419d6,42,,USD,1250,125,1125,12.50,1.25,11.25\r\n' +
  'pay_Zk3Q9mV0bT2xR7pL,payment,2026-11-20T09:00:00.000Z,,,TRF-2026-11-20,USD,-1125,0,-1125,-11.25,0.00,-11.25\r\n';

export const getStatement = operation({
  method: 'GET',
  path: '/partner/statements/{month}',
  operationId: 'getStatement',
  auth: partnerKeyOrUser,
  access: { ...moneyCall, timeoutSeconds: 29 },
  summary: "The partner's statement of a month, as JSON or as a CSV file",
  description: [
    moneyRules,
    '`month`: `YYYY-MM`, a UTC calendar month. A month that has not begun answers 404 STATEMENT_NOT_FOUND; the current month runs to ' +
      'now; a month before the partner\'s first entry answers `"currencies": []`.',
    "JSON (the default): one line per currency the partner had an entry in by the month's end, by code: `opening` (the `due` balance " +
      "at the month's start), the month's `sales`, `reversals` and `payments` (each `count` and the sums of `gross`, `commission` and " +
      '`due`), and `closing` = opening + the three `due` sums. Read from totals kept as entries are written: a month of 100 000 sales is ' +
      'one small read.',
    `CSV (\`Accept: text/csv\`): the month's entries, oldest first, one a row, as a file a spreadsheet opens as it is: RFC 4180 (comma, ` +
      'CRLF, quotes where needed), UTF-8 with a byte order mark, `Content-Type: text/csv; charset=utf-8; header=present` and ' +
      '`Content-Disposition: attachment; filename="statement-<month>.csv"`. The header row names the columns ' +
      `${STATEMENT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}: the amounts in minor units, then as decimals by the currency's ` +
      'exponent (`12.50`, `-0.05`; JPY without a point); empty cells for null. The rows are read page by page from an index keyed by ' +
      `partner and time (never a scan). A file holds at most ${STATEMENT_FILE_ROWS} entries (an answer stays under Lambda's 6 MB): a ` +
      'month with more answers a `Link: <?cursor=…>; rel="next"` header, and the request with that `cursor` answers the next file ' +
      '(with its own header row), until a file comes without it. JSON answers ignore `cursor`; a cursor this service could not have ' +
      'issued answers 400 VALIDATION_FAILED naming `cursor`.',
    'Any `Accept` that names `text/csv` with a quality above 0 gets the CSV; every other (none, `*/*`, `application/json`, ' +
      '`text/csv;q=0`) the JSON.',
  ].join('\n\n'),
  tag: moneyTag,
  request: {
    path: { month: { description: 'The month, `YYYY-MM` (UTC)', schema: monthParam } },
    query: statementQuery,
  },
  example: example([], () => ({ path: { month: '2026-01' } })),
  responses: {
    200: {
      description: 'The statement (JSON), or a file of its entries (CSV)',
      schema: shapeNamed<typeof statementSchema>('Statement'),
      headers: ['Content-Disposition', 'Link'],
      text: {
        contentType: 'text/csv',
        description: "The month's entries, oldest first, one a row (see the operation)",
        example: CSV_EXAMPLE,
      },
    },
  },
  errors: { 404: ['STATEMENT_NOT_FOUND'] },
});
