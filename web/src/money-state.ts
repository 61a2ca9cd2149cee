// The money view's state and arithmetic: which ledger page is shown (the cursors that lead to it, the type filter), the
// months a statement may be asked for, amounts of minor units written in their currency, and the statement's CSV files
// joined into the one file a download saves.
import type { EntryType } from './types.ts';

export interface LedgerState {
  type: EntryType | null;
  /** Cursors of the pages before the one shown, first page first (its cursor is null). */
  trail: (string | null)[];
  /** The cursor of the page shown (null: the first page). */
  cursor: string | null;
}

export const firstLedgerPage = (type: EntryType | null = null): LedgerState => ({ type, trail: [], cursor: null });

/** The page after the shown one. */
export const nextLedgerPage = (state: LedgerState, nextCursor: string): LedgerState => ({
  ...state,
  trail: [...state.trail, state.cursor],
  cursor: nextCursor,
});

/** The page before the shown one (the first page stays the first page). */
export function previousLedgerPage(state: LedgerState): LedgerState {
  if (state.trail.length === 0) return state;
  return { ...state, trail: state.trail.slice(0, -1), cursor: state.trail.at(-1) ?? null };
}

/** The UTC month of `now`, `YYYY-MM`: the latest a statement exists for. */
export const currentMonth = (now: Date): string => now.toISOString().slice(0, 7);

/** Whether `month` (as a month input gives it) names a month whose statement exists: `YYYY-MM`, begun by `now` (UTC). */
export const statementMonth = (month: string, now: Date): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month <= currentMonth(now);

/** Digits after the point in `currency` (2 for USD, 0 for JPY), as the browser's currency data has them. */
function exponentOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as exact decimal text by the currency's exponent: 1250 USD → `12.50`, −5 EUR → `-0.05`, 1250 JPY → `1250`. */
export function decimalOf(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * An amount of minor units in its currency (`$12.50`, `-€0.05`, `¥1,250`), formatted from its exact decimal text (never
 * through a float); an unknown currency code is written after the number.
 */
export function formatMinor(minor: number, currency: string, locale = 'en-US'): string {
  const decimal = decimalOf(minor, currency);
  // Intl formats a decimal string exactly; its typings still name numbers only.
  const exact = decimal as unknown as number;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(exact);
  } catch {
    return `${decimal} ${currency}`;
  }
}

/**
 * The file a download saves: a byte order mark (so that a spreadsheet reads UTF-8; a browser's text() drops the one
 * each file starts with), the first file's header row, then the rows of every file.
 */
export function joinCsvFiles(files: readonly string[]): string {
  const bodies = files.map((file) => file.replace(/^\uFEFF/, ''));
  const rows = bodies.map((body, i) => {
    if (i === 0) return body;
    const headerEnd = body.indexOf('\r\n');
    return headerEnd < 0 ? '' : body.slice(headerEnd + 2);
  });
  return `\uFEFF${rows.join('')}`;
}

/** The cursor of the next file a `Link` header names (`<?cursor=…>; rel="next"`), or null on the last file. */
export function nextFileCursor(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
  if (!target) return null;
  return new URL(target, 'https://statement.invalid/').searchParams.get('cursor');
}
