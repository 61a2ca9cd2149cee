// The usage chart as geometry, drawn by the page as SVG: one column per day, the keys' requests stacked in it, a
// scale with round steps; and the totals the page lists beside it.
import type { UsageReport } from './types.ts';

interface ChartBar {
  keyIndex: number;
  date: string;
  requests: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface UsageChart {
  width: number;
  height: number;
  /** The plot area inside the margins. */
  plot: { left: number; top: number; width: number; height: number };
  bars: ChartBar[];
  /** Horizontal grid lines: value and height. */
  ticks: { value: number; y: number }[];
  /** Day labels under the columns (every few days, so they never overlap). */
  labels: { date: string; x: number }[];
  max: number;
}

export interface ChartSize {
  width: number;
  height: number;
}

const MARGIN = { left: 44, right: 8, top: 8, bottom: 28 };

/** The smallest round scale (1, 2 or 5 × 10^n per step, 4 steps) that holds `max`. */
export function niceScale(max: number, steps = 4): { top: number; step: number } {
  if (max <= 0) return { top: steps, step: 1 };
  const rough = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  // Requests are whole: a step is at least 1.
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!,
  );
  return { top: step * steps, step };
}

/** Requests per day, all keys together. */
export function dailyTotals(report: UsageReport): number[] {
  const days = report.keys[0]?.days.length ?? 0;
  return Array.from({ length: days }, (_, i) => report.keys.reduce((sum, key) => sum + (key.days[i]?.requests ?? 0), 0));
}

export function usageChart(report: UsageReport, size: ChartSize = { width: 720, height: 240 }): UsageChart {
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: size.width - MARGIN.left - MARGIN.right,
    height: size.height - MARGIN.top - MARGIN.bottom,
  };
  const totals = dailyTotals(report);
  const { top, step } = niceScale(Math.max(0, ...totals));
  const days = totals.length;
  const column = days > 0 ? plot.width / days : plot.width;
  const barWidth = Math.max(1, column * 0.72);
  const scale = (requests: number) => (requests / top) * plot.height;

  const bars: ChartBar[] = [];
  for (let day = 0; day < days; day++) {
    let stacked = 0;
    report.keys.forEach((key, keyIndex) => {
      const entry = key.days[day];
      if (!entry || entry.requests === 0) return;
      const height = scale(entry.requests);
      bars.push({
        keyIndex,
        date: entry.date,
        requests: entry.requests,
        x: plot.left + day * column + (column - barWidth) / 2,
        y: plot.top + plot.height - scale(stacked) - height,
        width: barWidth,
        height,
      });
      stacked += entry.requests;
    });
  }

  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => ({
    value: i * step,
    y: plot.top + plot.height - scale(i * step),
  }));
  // About one label per 60 px of width.
  const every = Math.max(1, Math.ceil(days / Math.max(1, Math.floor(plot.width / 60))));
  const dates = report.keys[0]?.days.map((d) => d.date) ?? [];
  const labels = dates
    .map((date, i) => ({ date, x: plot.left + i * column + column / 2, i }))
    .filter(({ i }) => (days - 1 - i) % every === 0)
    .map(({ date, x }) => ({ date, x }));
  return { width: size.width, height: size.height, plot, bars, ticks, labels, max: Math.max(0, ...totals) };
}

/** Each key's requests over the window, and all keys' together. */
export function usageTotals(report: UsageReport): { perKey: { id: string; prefix: string; requests: number }[]; total: number } {
  const perKey = report.keys.map((key) => ({ id: key.id, prefix: key.prefix, requests: key.days.reduce((sum, d) => sum + d.requests, 0) }));
  return { perKey, total: perKey.reduce((sum, k) => sum + k.requests, 0) };
}

/** Distinguishable fills with at least 3:1 contrast on white (WCAG's non-text contrast), one per key in turn. */
export const KEY_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#be123c', '#6d28d9', '#0e7490', '#4d7c0f', '#9d174d'] as const;

export const keyColour = (keyIndex: number): string => KEY_COLOURS[keyIndex % KEY_COLOURS.length]!;
