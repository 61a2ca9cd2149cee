// What makes two buy requests "the same request" for an Idempotency-Key.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, requestHash } from '#lib/partner/idempotency.ts';

describe('requestHash', () => {
  it('is the same for the same method, path and body, whatever the member order', () => {
    const a = requestHash('POST', '/partner/plaques/1/buy', { reservationId: 'r', buyerWallet: 'w' });
    expect(requestHash('post', '/partner/plaques/1/buy', JSON.parse('{"buyerWallet":"w","reservationId":"r"}'))).toBe(a);
  });

  it('differs when the path, the method or any body member differs', () => {
    const a = requestHash('POST', '/partner/plaques/1/buy', { reservationId: 'r', buyerWallet: 'w' });
    expect(requestHash('POST', '/partner/plaques/2/buy', { reservationId: 'r', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('PUT', '/partner/plaques/1/buy', { reservationId: 'r', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('POST', '/partner/plaques/1/buy', { reservationId: 'r2', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('POST', '/partner/plaques/1/buy', { reservationId: 'r', buyerWallet: 'W' })).not.toBe(a);
  });

  // Invariant: canonical JSON parses back to the same value, and is the same text for any order of members.
  it('canonical JSON is faithful and order-free (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(text);
      }),
    );
  });
});
