// Usage: requests per day per key over a period, as an SVG chart drawn here, with each key's total and its current
// window: what is left of its daily quota until 00:00 UTC.
import { useEffect, useState } from 'preact/hooks';
import { ServiceUnreachable, SessionEnded, type ApiClient } from '../api.ts';
import { formatCount, formatDay } from '../format.ts';
import { currentWindows, formatReset, secondsToReset } from '../key-window.ts';
import { keyColour, usageChart, usageTotals } from '../usage-chart.ts';
import type { ApiKey, UsageReport, UsageView } from '../types.ts';
import { TableScroll, Unreachable } from '../ui.tsx';

const PERIODS = [7, 30, 90] as const;

function Swatch({ keyIndex }: { keyIndex: number }) {
  return (
    <svg class="swatch" width="12" height="12" aria-hidden="true" focusable="false">
      <rect width="12" height="12" rx="2" fill={keyColour(keyIndex)} />
    </svg>
  );
}

function Chart({ report, names }: { report: UsageReport; names: Map<string, string | null> }) {
  const chart = usageChart(report);
  const { total } = usageTotals(report);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="usage-chart-title">
          Requests per day, {report.from} to {report.to}
        </title>
        <desc id="usage-chart-desc">
          {formatCount(total)} requests in all; the busiest day had {formatCount(chart.max)}. The table below lists each key's total.
        </desc>
        {chart.ticks.map((tick) => (
          <g key={tick.value} class="tick">
            <line x1={chart.plot.left} x2={chart.plot.left + chart.plot.width} y1={tick.y} y2={tick.y} />
            <text x={chart.plot.left - 6} y={tick.y} text-anchor="end" dominant-baseline="middle">
              {formatCount(tick.value)}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect
            key={`${bar.date}-${bar.keyIndex}`}
            class="bar"
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            fill={keyColour(bar.keyIndex)}
            data-date={bar.date}
            data-requests={bar.requests}
          >
            <title>
              {formatDay(bar.date)}: {formatCount(bar.requests)} requests with{' '}
              {names.get(report.keys[bar.keyIndex]!.id) ?? report.keys[bar.keyIndex]!.prefix}
            </title>
          </rect>
        ))}
        {chart.labels.map((label) => (
          <text key={label.date} class="day" x={label.x} y={chart.height - 8} text-anchor="middle">
            {formatDay(label.date)}
          </text>
        ))}
      </svg>
      <figcaption class="visually-hidden">Requests per day and key</figcaption>
    </figure>
  );
}

export function Usage({ api }: { api: ApiClient }) {
  const [days, setDays] = useState<number>(30);
  const [report, setReport] = useState<UsageView | null>(null);
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [trouble, setTrouble] = useState<ServiceUnreachable | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setReport(null);
    Promise.all([api.usage(days), api.listKeys()]).then(
      ([usage, list]) => {
        if (!live) return;
        setReport(usage);
        setKeys(list);
        setTrouble(null);
      },
      (error: unknown) => {
        if (!live || error instanceof SessionEnded) return;
        if (error instanceof ServiceUnreachable) setTrouble(error);
        else throw error;
      },
    );
    return () => {
      live = false;
    };
  }, [days, attempt]);

  const names = new Map(keys.map((k) => [k.id, k.name]));
  const totals = report ? usageTotals(report) : null;
  const now = new Date();
  const windows = report ? currentWindows(report, report.dailyQuota, now) : null;
  const windowOf = new Map((windows ?? []).map((window) => [window.id, window]));
  return (
    <>
      {trouble && <Unreachable error={trouble} onRetry={() => setAttempt((n) => n + 1)} />}
      <div class="toolbar">
        <label for="period">Period</label>
        <select id="period" value={String(days)} onChange={(event) => setDays(Number(event.currentTarget.value))}>
          {PERIODS.map((p) => (
            <option key={p} value={String(p)}>
              Last {p} days
            </option>
          ))}
        </select>
      </div>
      {report === null || totals === null ? (
        !trouble && <p>Loading…</p>
      ) : report.keys.length === 0 ? (
        <p>No key was active in this period.</p>
      ) : (
        <>
          <Chart report={report} names={names} />
          <TableScroll label="Requests per key">
            <table class="totals">
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col" class="number">
                    Requests
                  </th>
                  {windows && (
                    <th scope="col" class="number">
                      Left today
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {totals.perKey.map((key, i) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <td>
                      <Swatch keyIndex={i} /> {names.get(key.id) ?? 'Unnamed'} <code>{key.prefix}…</code>
                    </td>
                    <td class="number" data-requests={key.requests}>
                      {formatCount(key.requests)}
                    </td>
                    {windows && (
                      <td class="number" data-remaining={windowOf.get(key.id)?.remaining}>
                        {formatCount(windowOf.get(key.id)?.remaining ?? 0)}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All keys</th>
                  <td class="number" data-total={totals.total}>
                    {formatCount(totals.total)}
                  </td>
                  {windows && <td />}
                </tr>
              </tfoot>
            </table>
          </TableScroll>
          <p class="muted">
            Days are UTC, {report.from} to {report.to}. Every request that presented a key counts, whatever it was answered.
          </p>
          {report.dailyQuota !== null && (
            <p class="muted" data-daily-quota={report.dailyQuota}>
              Each key may make {formatCount(report.dailyQuota)} requests per UTC day; beyond that it is answered 429 QUOTA_EXCEEDED until
              the window starts again at 00:00 UTC, in {formatReset(secondsToReset(now))}. Every answer to a key tells the same in its
              RateLimit headers.
            </p>
          )}
        </>
      )}
    </>
  );
}
