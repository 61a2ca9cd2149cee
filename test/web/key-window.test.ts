// Each key's current window as the Usage view shows it: the quota from GET /partner/usage's RateLimit-Policy, less the
// key's requests today, until the next 00:00 UTC.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rateLimitPolicyHeader } from '#lib/http/rate-limit.ts';
import { secondsToNextWindow } from '#lib/partner/key-quota.ts';
import { currentWindows, dailyQuotaOf, formatReset, secondsToReset } from '../../web/src/key-window.ts';
import type { UsageReport } from '../../web/src/types.ts';

const report = (to: string, todays: number[]): UsageReport => ({
  from: '2026-03-01',
  to,
  keys: todays.map((requests, i) => ({
    id: `key${i}`,
    prefix: `pk_${i}`,
    days: [
      { date: '2026-03-01', requests: 7 },
      { date: to, requests },
    ],
  })),
});

describe('the key window in the dashboard', () => {
  it('reads the daily quota from the policy the service answers, and ignores a missing or malformed one', () => {
    expect(dailyQuotaOf(rateLimitPolicyHeader(5000)['RateLimit-Policy']!)).toBe(5000);
    expect(dailyQuotaOf('"burst";q=10;w=1, "daily";q=42;w=86400')).toBe(42);
    expect(dailyQuotaOf(null)).toBeNull();
    expect(dailyQuotaOf('"daily";q=')).toBeNull();
    expect(dailyQuotaOf('"hourly";q=5;w=3600')).toBeNull();
    expect(dailyQuotaOf('"daily";q=1.5;w=86400')).toBeNull();
  });

  it("leaves each key its quota less today's requests, never less than none, on the report of today only", () => {
    const now = new Date('2026-03-02T20:00:00.000Z');
    expect(currentWindows(report('2026-03-02', [3, 12]), 10, now)).toEqual([
      { id: 'key0', used: 3, remaining: 7 },
      { id: 'key1', used: 12, remaining: 0 },
    ]);
    expect(currentWindows(report('2026-03-01', [3]), 10, now)).toBeNull();
    expect(currentWindows(report('2026-03-02', [3]), null, now)).toBeNull();
  });

  // The dashboard and the service count the same seconds to the reset, whatever the moment.
  it('resets at the moment the service says', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (now) => {
        expect(secondsToReset(now)).toBe(secondsToNextWindow(now));
      }),
    );
    expect(formatReset(18_720)).toBe('5 h 12 min');
    expect(formatReset(600)).toBe('10 min');
    expect(formatReset(59)).toBe('under a minute');
  });
});
