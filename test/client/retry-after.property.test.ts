// The client package's reading of Retry-After, over every form the header takes: delay-seconds, an HTTP date, or
// something else (which the client treats as absent and backs off on its own).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '@plaque-marketplace/client';

const now = Date.parse('2026-11-28T12:00:00.000Z');

describe('retryAfterMs', () => {
  it('reads delay-seconds as that many seconds, whatever the digits', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.constantFrom('', ' ', '  '), (seconds, pad) => {
        expect(retryAfterMs(`${pad}${seconds}${pad}`, now)).toBe(seconds * 1000);
      }),
    );
  });

  it('reads an HTTP date as the time until it, and a date passed as no wait', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400, max: 86_400 }), (offsetSeconds) => {
        const date = new Date(now + offsetSeconds * 1000).toUTCString();
        expect(retryAfterMs(date, now)).toBe(Math.max(0, offsetSeconds * 1000));
      }),
    );
  });

  it('reads anything else as absent', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/^\s*\d+\s*$/.test(text) && !/ GMT\s*$/.test(text)),
        (text) => {
          expect(retryAfterMs(text, now)).toBeUndefined();
        },
      ),
    );
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs('1.5', now)).toBeUndefined();
    expect(retryAfterMs('2026-11-28T12:00:05Z', now)).toBeUndefined();
  });
});
