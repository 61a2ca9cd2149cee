// A partner's money as it reads it: the balance per currency, the ledger page by page (newest first) and a month's
// statement, from the totals kept as entries are written and the entries listed by partner and time (never a scan).
import { notFound } from '#lib/errors.ts';
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo, type LedgerPosition } from '#lib/db/ledger-repo.ts';
import type { EntryType, LedgerEntry } from '#lib/money/entry.ts';
import { balancesOf, statementOf } from '#lib/money/totals.ts';
import { instantMs } from '#lib/money/schemas.ts';
import type { balanceSchema, ledgerEntrySchema, ledgerPageSchema, statementSchema } from '#lib/money/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

type LedgerEntryView = Shape<typeof ledgerEntrySchema>;

/** Which entries a page holds: ISO dates or date-times (validated), a type, how many, after which position. */
interface LedgerQuery {
  from?: string | undefined;
  to?: string | undefined;
  type?: EntryType | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** An entry as the partner sees it. */
const presentEntry = (entry: LedgerEntry): LedgerEntryView => ({
  id: entry.id,
  type: entry.type,
  orderId: entry.orderId,
  plaqueId: entry.plaqueId,
  currency: entry.currency,
  gross: entry.gross,
  commission: entry.commission,
  due: entry.due,
  reference: entry.reference,
  createdAt: entry.createdAt,
});

/** The sum of `due` per currency: every entry's, read from the totals (one Query however many entries there are). */
export async function balance(ctx: AppContext, partnerId: number): Promise<Shape<typeof balanceSchema>> {
  return { balances: balancesOf(await ledgerRepo(dbOf(ctx), ctx.tableName).totals(partnerId)) };
}

const CURSOR_POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#((?:sale|rev)_ord_[A-Za-z0-9_-]{1,64}|pay_[A-Za-z0-9_-]{1,64})$/;

export const encodeLedgerCursor = (position: LedgerPosition): string => encodeCursor([position.createdAt, position.entryId]);

/** The position a cursor names; 400 VALIDATION_FAILED naming `cursor` when this service could not have issued it. */
export function decodeLedgerCursor(cursor: string): LedgerPosition {
  const [createdAt, entryId] = decodeCursor(cursor, CURSOR_POSITION);
  return { createdAt: createdAt!, entryId: entryId! };
}

/** An instant as the sort keys write it (`…T…Z` with milliseconds). */
const storedTime = (instant: string): string => new Date(instantMs(instant)).toISOString();

const DAY_MS = 86_400_000;

/** The last stored time a `to` covers: a date alone is its whole day (UTC), a date-time is itself. */
const lastTimeOf = (to: string): string => (to.includes('T') ? storedTime(to) : new Date(instantMs(to) + DAY_MS - 1).toISOString());

/** A page of the partner's entries, newest first, within `from`–`to` (inclusive) and of one type when asked. */
export async function ledgerPage(ctx: AppContext, partnerId: number, input: LedgerQuery): Promise<Shape<typeof ledgerPageSchema>> {
  const after = input.cursor === undefined ? null : decodeLedgerCursor(input.cursor);
  const page = await ledgerRepo(dbOf(ctx), ctx.tableName).pageNewestFirst(partnerId, {
    ...(input.from !== undefined && { from: storedTime(input.from) }),
    ...(input.to !== undefined && { to: lastTimeOf(input.to) }),
    ...(input.type && { type: input.type }),
    limit: input.limit,
    after,
  });
  return { entries: page.entries.map(presentEntry), nextCursor: page.next && encodeLedgerCursor(page.next) };
}

/** The first instant of a month (`YYYY-MM`) and of the next one, as stored times. */
export function monthBounds(month: string): { from: string; until: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)).toISOString(), until: new Date(Date.UTC(year, number, 1)).toISOString() };
}

/** 404 STATEMENT_NOT_FOUND for a month that has not begun (UTC); the current month's statement runs to now. */
export function requireBegun(ctx: AppContext, month: string): void {
  if (monthBounds(month).from > ctx.now().toISOString()) throw notFound('STATEMENT_NOT_FOUND', `${month} has not begun`);
}

/** The month's statement per currency: opening, the month's sales, reversals and payments, closing. */
export async function statement(ctx: AppContext, partnerId: number, month: string): Promise<Shape<typeof statementSchema>> {
  requireBegun(ctx, month);
  return statementOf(month, await ledgerRepo(dbOf(ctx), ctx.tableName).totals(partnerId, month));
}
