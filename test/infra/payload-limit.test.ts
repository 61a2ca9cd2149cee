// The 413 answer for requests too large for a Lambda event: the Content-Length pattern and the body limit it enforces.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_EVENT_BYTES } from '#lib/http/routes.ts';
import { EVENT_ENVELOPE_ALLOWANCE, integerAbovePattern, MAX_REQUEST_BODY_BYTES } from '../../infra/payload-limit.ts';

describe('integerAbovePattern', () => {
  // For every limit and every number, the pattern matches the number's decimal form exactly when it exceeds the limit.
  it('matches exactly the integers above the limit', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.nat({ max: 1e13 }), fc.nat({ max: 3 }), (limit, value, zeros) => {
        const pattern = new RegExp(integerAbovePattern(limit));
        expect(pattern.test(String(value))).toBe(value > limit);
        expect(pattern.test('0'.repeat(zeros) + String(value))).toBe(value > limit);
      }),
      { numRuns: 2000 },
    );
  });

  // Near the limit too: every value within 1000 of it is decided by comparison, digit for digit.
  it('matches exactly the integers above the limit close to the limit', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.integer({ min: -1000, max: 1000 }), (limit, delta) => {
        const value = limit + delta;
        fc.pre(value >= 0);
        expect(new RegExp(integerAbovePattern(limit)).test(String(value))).toBe(value > limit);
      }),
      { numRuns: 2000 },
    );
  });

  it('decides the values next to the limit correctly', () => {
    const pattern = new RegExp(integerAbovePattern(MAX_REQUEST_BODY_BYTES));
    expect(pattern.test(String(MAX_REQUEST_BODY_BYTES))).toBe(false);
    expect(pattern.test(String(MAX_REQUEST_BODY_BYTES + 1))).toBe(true);
    expect(pattern.test(` ${MAX_REQUEST_BODY_BYTES + 1} `)).toBe(true);
    expect(pattern.test('')).toBe(false);
    expect(pattern.test('abc')).toBe(false);
    expect(pattern.test('-99999999')).toBe(false);
  });

  it('uses no capture groups (WAF regexes do not support them)', () => {
    expect(integerAbovePattern(4_669_440)).not.toMatch(/\((?!\?:)/);
  });
});

describe('the body limit', () => {
  it('lets a 4 MiB image upload through and keeps any admitted body inside a Lambda event once base64-encoded', () => {
    const fourMiBImageWithMultipartFraming = 4 * 1024 * 1024 + 16 * 1024;
    expect(MAX_REQUEST_BODY_BYTES).toBeGreaterThan(fourMiBImageWithMultipartFraming);
    expect(Math.ceil(MAX_REQUEST_BODY_BYTES / 3) * 4 + EVENT_ENVELOPE_ALLOWANCE).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  });
});
