// What the ledger's totals say: a partner's balance per currency and a month's statement, computed from the totals kept
// per month, currency and type as entries are written (in the same transaction as each entry), so neither reads the
// entries themselves however many a month holds. Pure: the rows come from lib/db/ledger-repo.ts.
import type { EntryType } from '#lib/money/entry.ts';

/** Entries of one type, added up. */
export interface Lines {
  count: number;
  gross: number;
  commission: number;
  due: number;
}

/** One stored totals row: the entries of one month and currency (of one of the row's shards), by type. */
export interface TotalsRow {
  month: string;
  currency: string;
  lines: Record<EntryType, Lines>;
}

interface CurrencyStatement {
  currency: string;
  /** The balance due at the start of the month: every earlier entry's `due`, added up. */
  opening: number;
  sales: Lines;
  reversals: Lines;
  payments: Lines;
  /** opening + the month's sales, reversals and payments `due`. */
  closing: number;
}

export interface Statement {
  month: string;
  currencies: CurrencyStatement[];
}

const noLines = (): Lines => ({ count: 0, gross: 0, commission: 0, due: 0 });

const add = (a: Lines, b: Lines): Lines => ({
  count: a.count + b.count,
  gross: a.gross + b.gross,
  commission: a.commission + b.commission,
  due: a.due + b.due,
});

const dueOf = (row: TotalsRow): number => row.lines.sale.due + row.lines.reversal.due + row.lines.payment.due;

const byCode = <T extends { currency: string }>(list: T[]): T[] => list.sort((a, b) => a.currency.localeCompare(b.currency));

/** The sum of `due` per currency, for every currency the partner has an entry in, by code. */
export function balancesOf(rows: readonly TotalsRow[]): { currency: string; due: number }[] {
  const due = new Map<string, number>();
  for (const row of rows) due.set(row.currency, (due.get(row.currency) ?? 0) + dueOf(row));
  return byCode([...due].map(([currency, sum]) => ({ currency, due: sum })));
}

/**
 * The statement of `month` (`YYYY-MM`, UTC) from the totals rows of that month and every earlier one (later rows are
 * ignored): one line per currency the partner had an entry in by the month's end, by code.
 */
export function statementOf(month: string, rows: readonly TotalsRow[]): Statement {
  const byCurrency = new Map<string, CurrencyStatement>();
  for (const row of rows) {
    if (row.month > month) continue;
    let line = byCurrency.get(row.currency);
    if (!line) {
      line = { currency: row.currency, opening: 0, sales: noLines(), reversals: noLines(), payments: noLines(), closing: 0 };
      byCurrency.set(row.currency, line);
    }
    if (row.month < month) line.opening += dueOf(row);
    else {
      line.sales = add(line.sales, row.lines.sale);
      line.reversals = add(line.reversals, row.lines.reversal);
      line.payments = add(line.payments, row.lines.payment);
    }
  }
  for (const line of byCurrency.values()) line.closing = line.opening + line.sales.due + line.reversals.due + line.payments.due;
  return { month, currencies: byCode([...byCurrency.values()]) };
}
