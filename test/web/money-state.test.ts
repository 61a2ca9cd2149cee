// The money view's state and arithmetic: ledger cursors lead forward and back to the same pages, a statement is asked
// only for a month that has begun, amounts of minor units are written exactly in their currency, and a statement's
// CSV files join into one file with one header row.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  currentMonth,
  decimalOf,
  firstLedgerPage,
  formatMinor,
  joinCsvFiles,
  nextFileCursor,
  nextLedgerPage,
  previousLedgerPage,
  statementMonth,
} from '../../web/src/money-state.ts';

describe('the ledger pages', () => {
  // Any walk forward then back the same number of steps returns to the page it started from.
  it('leads back to each page it went forward from (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { maxLength: 10 }), (cursors) => {
        let state = firstLedgerPage('sale');
        const seen = [state];
        for (const cursor of cursors) seen.push((state = nextLedgerPage(state, cursor)));
        for (let i = cursors.length; i > 0; i--) {
          state = previousLedgerPage(state);
          expect(state).toEqual(seen[i - 1]);
        }
        expect(previousLedgerPage(state)).toEqual(firstLedgerPage('sale'));
      }),
    );
  });
});

describe('the statement month', () => {
  it('is a month that has begun, UTC', () => {
    const now = new Date('2026-11-30T23:30:00.000Z');
    expect(currentMonth(now)).toBe('2026-11');
    expect(['2026-11', '2001-01'].map((m) => statementMonth(m, now))).toEqual([true, true]);
    expect(['2026-12', '2026-13', '', '2026-1'].map((m) => statementMonth(m, now))).toEqual([false, false, false, false]);
  });
});

describe('amounts', () => {
  it('are written exactly from minor units by the currency exponent', () => {
    expect(decimalOf(1250, 'USD')).toBe('12.50');
    expect(decimalOf(-5, 'EUR')).toBe('-0.05');
    expect(decimalOf(1250, 'JPY')).toBe('1250');
    expect(formatMinor(1250, 'USD')).toBe('$12.50');
    expect(formatMinor(-5, 'EUR')).toBe('-€0.05');
    expect(formatMinor(125_000, 'JPY')).toBe('¥125,000');
    // The largest safe amount, to the cent: 9007199254740991 / 100 as a float is not 90071992547409.91.
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
  });
});

describe('the downloaded file', () => {
  it('joins the files of a month under one header row, with a byte order mark', () => {
    const header = 'id,type\r\n';
    expect(joinCsvFiles([`${header}a,sale\r\n`, `\uFEFF${header}b,sale\r\n`, `${header}`])).toBe(`\uFEFF${header}a,sale\r\nb,sale\r\n`);
    expect(joinCsvFiles([`\uFEFF${header}`])).toBe(`\uFEFF${header}`);
  });

  it('follows the Link of a file to the next one, and stops at the last', () => {
    expect(nextFileCursor('<?cursor=abc-_1>; rel="next"')).toBe('abc-_1');
    expect(nextFileCursor(null)).toBeNull();
    expect(nextFileCursor('<https://x.example/a>; rel="prev"')).toBeNull();
  });
});
