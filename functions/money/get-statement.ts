// GET /partner/statements/{month}: the month's statement as JSON, or its entries as a CSV file (`Accept: text/csv`).
import { httpHandler } from '#lib/http/handler.ts';
import { acceptsText, ok, textBody } from '#lib/http/response.ts';
import { getStatement } from '#lib/http/operations/money/get-statement.ts';
import { statement } from '#lib/money/ledger.ts';
import { statementFile } from '#lib/money/statement-file.ts';

/** RFC 4180's media type with its two parameters: the encoding and that the first row names the columns. */
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

export const handler = httpHandler(getStatement, async ({ input, principal, request, ctx }) => {
  if (!acceptsText(request.headers.accept, 'text/csv')) return ok(await statement(ctx, principal.partnerId, input.month));
  const file = await statementFile(ctx, principal.partnerId, input.month, input.cursor);
  return ok(textBody(file.csv, CSV_CONTENT_TYPE), {
    'content-disposition': `attachment; filename="statement-${input.month}.csv"`,
    // Relative to the request's own address (RFC 8288): the same statement, the next file.
    ...(file.next && { link: `<?cursor=${file.next}>; rel="next"` }),
  });
});
