// Verification codes: generation, keyed hashing, comparison and the resend rules.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_CODES_PER_WINDOW,
  RESEND_INTERVAL_MS,
  SEND_WINDOW_MS,
  codeDigest,
  decideSend,
  digestsMatch,
  newCode,
  nextCodeAllowedAt,
} from '#lib/accounts/verification-code.ts';

const KEY = Buffer.alloc(32, 7).toString('base64url');
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

describe('codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i++) expect(newCode()).toMatch(/^[0-9]{6}$/);
  });

  it('hash to a digest bound to the key and the address', () => {
    const digest = codeDigest(KEY, 'a@b.co', '123456');
    expect(digest).not.toContain('123456');
    expect(digestsMatch(digest, codeDigest(KEY, 'a@b.co', '123456'))).toBe(true);
    expect(digestsMatch(digest, codeDigest(KEY, 'a@b.co', '123457'))).toBe(false);
    expect(digestsMatch(digest, codeDigest(KEY, 'c@b.co', '123456'))).toBe(false);
    expect(digestsMatch(digest, codeDigest(Buffer.alloc(32, 8).toString('base64url'), 'a@b.co', '123456'))).toBe(false);
  });

  it('never match a digest of another length', () => {
    expect(digestsMatch(codeDigest(KEY, 'a@b.co', '123456'), 'short')).toBe(false);
  });
});

describe('decideSend', () => {
  it('allows the first code and says when the next may follow', () => {
    const decision = decideSend([], T0);
    expect(decision).toEqual({ kind: 'allowed', sends: [T0], resendAvailableAt: T0 + RESEND_INTERVAL_MS, keepUntil: T0 + SEND_WINDOW_MS });
  });

  it('answers RESEND_TOO_SOON within 60 s, with the remaining wait', () => {
    expect(decideSend([T0], T0 + 45_000)).toEqual({ kind: 'refused', code: 'RESEND_TOO_SOON', retryAfterMs: 15_000 });
    expect(decideSend([T0], T0 + RESEND_INTERVAL_MS).kind).toBe('allowed');
  });

  it('answers TOO_MANY_CODES for a sixth code within the hour, until the oldest leaves the window', () => {
    const five = [0, 1, 2, 3, 4].map((i) => T0 + i * 5 * 60_000);
    const sixth = decideSend(five, T0 + 30 * 60_000);
    expect(sixth).toEqual({ kind: 'refused', code: 'TOO_MANY_CODES', retryAfterMs: 30 * 60_000 });
    expect(decideSend(five, T0 + SEND_WINDOW_MS).kind).toBe('allowed');
  });

  it('announces the longer wait when the fifth code fills the window', () => {
    const four = [0, 1, 2, 3].map((i) => T0 + i * 60_000);
    const fifth = decideSend(four, T0 + 4 * 60_000);
    expect(fifth.kind === 'allowed' && fifth.resendAvailableAt).toBe(T0 + SEND_WINDOW_MS);
    expect(nextCodeAllowedAt(fifth.kind === 'allowed' ? fifth.sends : [], T0 + 5 * 60_000)).toBe(T0 + SEND_WINDOW_MS);
  });

  // Invariant: whatever the request times, no two sends are under 60 s apart and no 60-minute window holds more than five.
  it('never lets codes out faster than the rules allow', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * 60_000 }), { maxLength: 60 }), (gaps) => {
        let sends: number[] = [];
        const sent: number[] = [];
        let now = T0;
        for (const gap of gaps) {
          now += gap;
          const decision = decideSend(sends, now);
          if (decision.kind === 'allowed') {
            sends = decision.sends;
            sent.push(now);
            expect(decision.resendAvailableAt).toBeGreaterThanOrEqual(now + RESEND_INTERVAL_MS);
          } else {
            expect(decision.retryAfterMs).toBeGreaterThan(0);
          }
        }
        for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(RESEND_INTERVAL_MS);
        for (const start of sent) {
          expect(sent.filter((at) => at >= start && at < start + SEND_WINDOW_MS).length).toBeLessThanOrEqual(MAX_CODES_PER_WINDOW);
        }
      }),
    );
  });
});
