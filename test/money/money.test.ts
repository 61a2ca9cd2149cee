// Exact money: minor units by ISO 4217 exponents, the one half-up rounding, the split of a sale, and statements that
// add up, over prices and rates fast-check draws.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalOf, exponentOf, minorUnitsOf, roundHalfUp } from '#lib/money/currency.ts';
import { splitSale } from '#lib/money/commission.ts';
import { paymentEntry, reversalOf, saleEntry, type EntryType, type LedgerEntry } from '#lib/money/entry.ts';
import { balancesOf, statementOf, type TotalsRow } from '#lib/money/totals.ts';
import { csvOf, STATEMENT_CSV_COLUMNS } from '#lib/money/statement-file.ts';
import { parse } from 'csv-parse/sync';
import { CURRENCIES } from '#lib/plaques/plaque.ts';
import { anOrder } from '../support/factories.ts';

describe('currencies', () => {
  it('reads each exponent from ISO 4217: USD and EUR 2, JPY 0, BHD 3, CLF 4', () => {
    expect(['USD', 'EUR', 'JPY', 'BHD', 'CLF'].map(exponentOf)).toEqual([2, 2, 0, 3, 4]);
    // Every currency the catalogue takes has one.
    for (const currency of CURRENCIES) expect(exponentOf(currency), currency).toBe(2);
    expect(() => exponentOf('XXQ')).toThrow(/ISO 4217/);
  });

  it('turns a catalogue price into minor units from its decimal text, never from the float', () => {
    expect(minorUnitsOf(0.29, 'USD')).toBe(29);
    expect(minorUnitsOf(12.5, 'EUR')).toBe(1250);
    expect(minorUnitsOf(1250, 'JPY')).toBe(1250);
    expect(minorUnitsOf(1.005, 'USD')).toBe(101);
    expect(minorUnitsOf(1.004, 'USD')).toBe(100);
    expect(() => minorUnitsOf(1e21, 'JPY')).toThrow(/too large/);
    expect(() => minorUnitsOf(-1, 'USD')).toThrow();
  });

  it('writes minor units as decimals by the exponent', () => {
    expect(decimalOf(1250, 'USD')).toBe('12.50');
    expect(decimalOf(-5, 'EUR')).toBe('-0.05');
    expect(decimalOf(0, 'USD')).toBe('0.00');
    expect(decimalOf(1250, 'JPY')).toBe('1250');
    expect(decimalOf(-1, 'BHD')).toBe('-0.001');
  });

  // Any price written with at most the currency's decimals is exactly its minor units, and reads back as it was written.
  it('reads every price of at most two decimals exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const price = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        expect(minorUnitsOf(price, 'USD')).toBe(cents);
        expect(Number(decimalOf(cents, 'USD'))).toBe(price);
      }),
    );
  });

  // Half up: the nearer integer, a half to the greater one, for any fraction.
  it('rounds half up: a/b is within a half of the answer, and a half goes up (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (a, b) => {
        const r = roundHalfUp(a, b);
        // -b/2 <= a - r·b < b/2 (a half is rounded up, so its remainder is -b/2), in integers: -b <= 2a - 2rb < b.
        expect(2n * a - 2n * r * b).toBeGreaterThanOrEqual(-b);
        expect(2n * a - 2n * r * b).toBeLessThan(b);
      }),
    );
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(-5n, 2n)).toBe(-2n);
  });
});

describe('the split of a sale', () => {
  it('rounds the commission half up, once', () => {
    expect(splitSale(1250, 1000)).toEqual({ gross: 1250, commission: 125, due: 1125 });
    expect(splitSale(5, 1000)).toEqual({ gross: 5, commission: 1, due: 4 }); // 0.5 → 1
    expect(splitSale(4, 1000)).toEqual({ gross: 4, commission: 0, due: 4 }); // 0.4 → 0
    expect(splitSale(999, 0)).toEqual({ gross: 999, commission: 0, due: 999 });
    expect(splitSale(999, 10_000)).toEqual({ gross: 999, commission: 999, due: 0 });
    expect(() => splitSale(100, 10_001)).toThrow();
  });

  // For every price and rate: commission + due = gross, the commission is gross × bps / 10 000 within half a unit, and
  // neither part is negative.
  it('commission + due = gross for every price and rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 10_000 }), (gross, bps) => {
        const split = splitSale(gross, bps);
        expect(split.commission + split.due).toBe(gross);
        expect(split.commission).toBeGreaterThanOrEqual(0);
        expect(split.due).toBeGreaterThanOrEqual(0);
        const exact = BigInt(gross) * BigInt(bps);
        expect(2n * exact - 2n * BigInt(split.commission) * 10_000n).toBeLessThan(10_000n);
        expect(2n * exact - 2n * BigInt(split.commission) * 10_000n).toBeGreaterThanOrEqual(-10_000n);
      }),
    );
  });
});

const at = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}T12:00:00.000Z`;

/** Totals rows as the repository keeps them: each entry added to its month's and currency's row. */
function totalsOf(entries: readonly LedgerEntry[]): TotalsRow[] {
  const rows = new Map<string, TotalsRow>();
  for (const e of entries) {
    const key = `${e.createdAt.slice(0, 7)}#${e.currency}`;
    let row = rows.get(key);
    if (!row) {
      const none = () => ({ count: 0, gross: 0, commission: 0, due: 0 });
      row = { month: e.createdAt.slice(0, 7), currency: e.currency, lines: { sale: none(), reversal: none(), payment: none() } };
      rows.set(key, row);
    }
    const lines = row.lines[e.type];
    lines.count++;
    lines.gross += e.gross;
    lines.commission += e.commission;
    lines.due += e.due;
  }
  return [...rows.values()];
}

const entryArbitrary = fc
  .record({
    kind: fc.constantFrom<EntryType>('sale', 'reversal', 'payment'),
    cents: fc.integer({ min: 1, max: 100_000_000 }),
    bps: fc.integer({ min: 0, max: 10_000 }),
    currency: fc.constantFrom('USD', 'EUR', 'JPY'),
    month: fc.constantFrom('2026-01', '2026-02', '2026-03'),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ kind, cents, bps, currency, month, day }) => {
    const order = anOrder({ price: cents / 10 ** exponentOf(currency), currency, createdAt: at(month, day) });
    if (kind === 'payment')
      return paymentEntry({ id: `pay_${cents}`, partnerId: 1, amount: cents, currency, reference: 'R1', at: new Date(at(month, day)) });
    const sale = saleEntry(order, bps);
    return kind === 'sale' ? sale : reversalOf(sale, new Date(at(month, day)));
  });

describe('statements', () => {
  // A statement's closing is its opening plus its lines, the next month opens where it closed, every entry holds
  // commission + due = gross, and the balance is the last closing.
  it("closing = opening + the month's lines, and the next month opens at it (property)", () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { maxLength: 60 }), (entries) => {
        for (const e of entries) expect(e.commission + e.due).toBe(e.gross);
        const rows = totalsOf(entries);
        const [jan, feb, mar] = ['2026-01', '2026-02', '2026-03'].map((m) => statementOf(m, rows));
        for (const s of [jan!, feb!, mar!]) {
          for (const c of s.currencies) {
            expect(c.closing).toBe(c.opening + c.sales.due + c.reversals.due + c.payments.due);
            const mine = entries.filter((e) => e.currency === c.currency && e.createdAt.startsWith(s.month));
            expect(c.sales.count + c.reversals.count + c.payments.count).toBe(mine.length);
            expect(c.sales.gross + c.reversals.gross + c.payments.gross).toBe(mine.reduce((sum, e) => sum + e.gross, 0));
          }
        }
        for (const c of feb!.currencies) {
          expect(c.opening).toBe(jan!.currencies.find((j) => j.currency === c.currency)?.closing ?? 0);
        }
        const balances = balancesOf(rows);
        for (const { currency, due } of balances) expect(mar!.currencies.find((c) => c.currency === currency)!.closing).toBe(due);
      }),
    );
  });

  it('lists a currency from its first entry on, by code, and none before', () => {
    const usd = saleEntry(anOrder({ price: 10, currency: 'USD', createdAt: at('2026-02', 3) }), 1000);
    const eur = saleEntry(anOrder({ price: 20, currency: 'EUR', createdAt: at('2026-03', 3) }), 1000);
    const rows = totalsOf([usd, eur]);
    expect(statementOf('2026-01', rows)).toEqual({ month: '2026-01', currencies: [] });
    expect(statementOf('2026-03', rows).currencies.map((c) => [c.currency, c.opening, c.closing])).toEqual([
      ['EUR', 0, 1800],
      ['USD', 900, 900],
    ]);
  });
});

describe('the statement file', () => {
  it('is RFC 4180 CSV with a byte order mark, a header row and amounts in minor units and decimals', () => {
    const sale = saleEntry(anOrder({ orderId: 'ord_a', price: 12.5, currency: 'USD', createdAt: at('2026-02', 3) }), 1000);
    const payment = paymentEntry({
      id: 'pay_b',
      partnerId: 1,
      amount: 500,
      currency: 'USD',
      reference: 'TRF, "2"',
      at: new Date(at('2026-02', 4)),
    });
    const text = csvOf([sale, payment]);
    expect(text.startsWith('\uFEFFid,type,createdAt,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...STATEMENT_CSV_COLUMNS]);
    expect(rows[0]).toMatchObject({
      id: 'sale_ord_a',
      gross: '1250',
      commission: '125',
      due: '1125',
      grossDecimal: '12.50',
      dueDecimal: '11.25',
      reference: '',
    });
    expect(rows[1]).toMatchObject({ type: 'payment', reference: 'TRF, "2"', due: '-500', dueDecimal: '-5.00', orderId: '', plaqueId: '' });
  });
});
