// A partner's money as it reads it: the balance per currency and a month's statement, from the totals kept as entries
// are written (never the entries themselves, however many a month holds).
import { notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { balancesOf, statementOf, type Statement } from '#lib/money/totals.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The sum of `due` per currency: every entry's, read from the totals (one Query however many entries there are). */
export async function balance(ctx: AppContext, partnerId: number): Promise<{ balances: { currency: string; due: number }[] }> {
  return { balances: balancesOf(await ledgerRepo(dbOf(ctx), ctx.tableName).totals(partnerId)) };
}

/** The first instant of a month (`YYYY-MM`) and of the next one, as stored times. */
function monthBounds(month: string): { from: string; until: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, number - 1, 1)).toISOString(), until: new Date(Date.UTC(year, number, 1)).toISOString() };
}

/** 404 STATEMENT_NOT_FOUND for a month that has not begun (UTC); the current month's statement runs to now. */
function requireBegun(ctx: AppContext, month: string): void {
  if (monthBounds(month).from > ctx.now().toISOString()) throw notFound('STATEMENT_NOT_FOUND', `${month} has not begun`);
}

/** The month's statement per currency: opening, the month's sales, reversals and payments, closing. */
export async function statement(ctx: AppContext, partnerId: number, month: string): Promise<Statement> {
  requireBegun(ctx, month);
  return statementOf(month, await ledgerRepo(dbOf(ctx), ctx.tableName).totals(partnerId, month));
}
