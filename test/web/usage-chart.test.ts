// The usage chart's geometry: a round scale that holds the busiest day, each day's keys stacked in one column inside
// the plot, labels that never crowd, and totals that add up.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dailyTotals, keyColour, KEY_COLOURS, niceScale, usageChart, usageTotals } from '../../web/src/usage-chart.ts';
import type { UsageReport } from '../../web/src/types.ts';

/** A report over `counts[0].length` days ending 2026-03-31, one key per row of counts. */
function aReport(counts: number[][]): UsageReport {
  const days = counts[0]?.length ?? 0;
  const dates = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 2, 31 - (days - 1 - i))).toISOString().slice(0, 10));
  return {
    from: dates[0] ?? '2026-03-31',
    to: dates.at(-1) ?? '2026-03-31',
    keys: counts.map((row, k) => ({
      id: `key_${k}`,
      prefix: `pk_live_${k}`,
      days: row.map((requests, i) => ({ date: dates[i]!, requests })),
    })),
  };
}

const reports = fc
  .tuple(fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 6 }))
  .chain(([days, keys]) =>
    fc.array(fc.array(fc.nat({ max: 100_000 }), { minLength: days, maxLength: days }), { minLength: keys, maxLength: keys }),
  )
  .map(aReport);

describe('niceScale', () => {
  it('picks 1, 2 or 5 times a power of ten per step', () => {
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
    expect(niceScale(3)).toEqual({ top: 4, step: 1 });
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(17)).toEqual({ top: 20, step: 5 });
    expect(niceScale(1234)).toEqual({ top: 2000, step: 500 });
  });

  // The scale holds the maximum, with steps that are round numbers.
  it('always holds the maximum in round steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const { top, step } = niceScale(max);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(top).toBe(step * 4);
        expect(String(step)).toMatch(/^[125]0*$/);
      }),
    );
  });
});

describe('usageChart', () => {
  it('stacks one key on another in the same column, the busiest day filling the plot up to its scale', () => {
    const chart = usageChart(
      aReport([
        [0, 3, 1],
        [0, 1, 0],
      ]),
    );
    expect(chart.max).toBe(4);
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
    expect(chart.bars.map(({ keyIndex, date, requests }) => ({ keyIndex, date, requests }))).toEqual([
      { keyIndex: 0, date: '2026-03-30', requests: 3 },
      { keyIndex: 1, date: '2026-03-30', requests: 1 },
      { keyIndex: 0, date: '2026-03-31', requests: 1 },
    ]);
    const [lower, upper] = chart.bars;
    expect(upper!.x).toBe(lower!.x);
    expect(upper!.y + upper!.height).toBeCloseTo(lower!.y);
    expect(lower!.y + lower!.height).toBeCloseTo(chart.plot.top + chart.plot.height);
    expect(upper!.y).toBeCloseTo(chart.plot.top);
  });

  // Every bar lies inside the plot, and each day's stacked bars are exactly as tall as that day's total at the scale.
  it('keeps every bar inside the plot and each column as tall as its day', () => {
    fc.assert(
      fc.property(reports, (report) => {
        const chart = usageChart(report);
        const { plot } = chart;
        const scaleTop = chart.ticks.at(-1)!.value;
        const totals = dailyTotals(report);
        const heightOf = new Map<string, number>();
        for (const bar of chart.bars) {
          expect(bar.x).toBeGreaterThanOrEqual(plot.left - 1e-9);
          expect(bar.x + bar.width).toBeLessThanOrEqual(plot.left + plot.width + 1e-9);
          expect(bar.y).toBeGreaterThanOrEqual(plot.top - 1e-9);
          expect(bar.y + bar.height).toBeLessThanOrEqual(plot.top + plot.height + 1e-9);
          expect(bar.requests).toBeGreaterThan(0);
          heightOf.set(bar.date, (heightOf.get(bar.date) ?? 0) + bar.height);
        }
        report.keys[0]!.days.forEach(({ date }, i) => {
          expect(heightOf.get(date) ?? 0).toBeCloseTo((totals[i]! / scaleTop) * plot.height, 6);
        });
      }),
    );
  });

  // Day labels are at least 50 px apart whatever the window, and the last day is always labelled.
  it('labels days without crowding, always the last one', () => {
    fc.assert(
      fc.property(reports, (report) => {
        const { labels } = usageChart(report);
        expect(labels.at(-1)!.date).toBe(report.to);
        for (let i = 1; i < labels.length; i++) expect(labels[i]!.x - labels[i - 1]!.x).toBeGreaterThanOrEqual(50);
      }),
    );
  });
});

describe('usageTotals', () => {
  // The total is the sum of the keys' totals, which are the sums of their days.
  it('adds each key’s days, and the keys together', () => {
    fc.assert(
      fc.property(reports, (report) => {
        const { perKey, total } = usageTotals(report);
        perKey.forEach((key, k) => expect(key.requests).toBe(report.keys[k]!.days.reduce((s, d) => s + d.requests, 0)));
        expect(total).toBe(dailyTotals(report).reduce((s, n) => s + n, 0));
      }),
    );
  });

  it('gives keys distinct colours in turn', () => {
    expect(new Set(KEY_COLOURS.map((_, i) => keyColour(i))).size).toBe(KEY_COLOURS.length);
    expect(keyColour(KEY_COLOURS.length)).toBe(keyColour(0));
  });
});
