// A month's statement as a file a spreadsheet opens as it is: CSV (RFC 4180: CRLF line ends, quotes only where needed,
// written by csv-stringify) in UTF-8 with a byte order mark (so spreadsheets read it as UTF-8), a header row, then the
// month's entries oldest first, one a row, each amount in minor units and as a decimal by its currency's exponent. A
// month of more entries than a file holds is continued by a cursor (API Gateway and Lambda answer at most 6 MB).
import { stringify } from 'csv-stringify/sync';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { decimalOf } from '#lib/money/currency.ts';
import type { LedgerEntry } from '#lib/money/entry.ts';
import { decodeLedgerCursor, encodeLedgerCursor, monthBounds, requireBegun } from '#lib/money/ledger.ts';
import type { AppContext } from '#lib/runtime/context.ts';

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Entries one statement file holds at most; STATEMENT_FILE_ROWS when not given (tests give fewer). */
    statementFileRows?: number;
  }
}

/**
 * Entries one file holds: a row is at most about 300 bytes (the longest ids, a reference of 64 characters, amounts of 16
 * digits), so the function's answer, the file escaped as a JSON string, stays near 3 MB, well under Lambda's 6 MB.
 */
export const STATEMENT_FILE_ROWS = 10_000;

export const STATEMENT_CSV_COLUMNS = [
  'id',
  'type',
  'createdAt',
  'orderId',
  'plaqueId',
  'reference',
  'currency',
  'gross',
  'commission',
  'due',
  'grossDecimal',
  'commissionDecimal',
  'dueDecimal',
] as const;

const rowOf = (entry: LedgerEntry): (string | number)[] => [
  entry.id,
  entry.type,
  entry.createdAt,
  entry.orderId ?? '',
  entry.plaqueId ?? '',
  entry.reference ?? '',
  entry.currency,
  entry.gross,
  entry.commission,
  entry.due,
  decimalOf(entry.gross, entry.currency),
  decimalOf(entry.commission, entry.currency),
  decimalOf(entry.due, entry.currency),
];

/** The CSV text of entries, header first. */
export const csvOf = (entries: readonly LedgerEntry[]): string =>
  `\uFEFF${stringify([[...STATEMENT_CSV_COLUMNS], ...entries.map(rowOf)], { record_delimiter: 'windows' })}`;

/** One file of the month's entries: from the start, or after the cursor the file before named; `next` null on the last. */
export async function statementFile(
  ctx: AppContext,
  partnerId: number,
  month: string,
  cursor: string | undefined,
): Promise<{ csv: string; next: string | null }> {
  requireBegun(ctx, month);
  const after = cursor === undefined ? null : decodeLedgerCursor(cursor);
  const page = await ledgerRepo(dbOf(ctx), ctx.tableName).oldestFirst(partnerId, {
    ...monthBounds(month),
    after,
    max: ctx.statementFileRows ?? STATEMENT_FILE_ROWS,
  });
  return { csv: csvOf(page.entries), next: page.next && encodeLedgerCursor(page.next) };
}
