// Each key's current quota window, as the Usage view shows it: the daily quota GET /partner/usage names in its
// `RateLimit-Policy` header, less the key's requests today in the same answer, until the next 00:00 UTC.
import { parseList } from 'structured-headers';
import type { UsageReport } from './types.ts';

const DAY_MS = 86_400_000;

/** The daily quota a `RateLimit-Policy` field names (its `"daily"` policy's `q`); null when absent or malformed, which a client ignores. */
export function dailyQuotaOf(policy: string | null): number | null {
  if (policy === null) return null;
  try {
    for (const member of parseList(policy)) {
      const [name, params] = member;
      if (name !== 'daily') continue;
      const quota = params.get('q');
      return typeof quota === 'number' && Number.isInteger(quota) && quota >= 0 ? quota : null;
    }
  } catch {
    // A malformed field is ignored, as the RateLimit fields' specification asks.
  }
  return null;
}

/** Whole seconds from `now` to the next 00:00 UTC, where every key's window starts again: 1 to 86 400. */
export function secondsToReset(now: Date): number {
  const next = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export interface KeyWindow {
  id: string;
  /** Requests the key made today (UTC). */
  used: number;
  /** Requests it may still make today: never negative. */
  remaining: number;
}

/**
 * Every key's window today, from the report's last day, which is today when the report was made today (UTC); null when
 * the quota is unknown or the report does not reach today.
 */
export function currentWindows(report: UsageReport, quota: number | null, now: Date): KeyWindow[] | null {
  if (quota === null || report.to !== now.toISOString().slice(0, 10)) return null;
  return report.keys.map((key) => {
    const today = key.days.at(-1);
    const used = today?.date === report.to ? today.requests : 0;
    return { id: key.id, used, remaining: Math.max(0, quota - used) };
  });
}

/** `5 h 12 min`, `12 min`, `under a minute`: how long until the windows reset. */
export function formatReset(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}
