// What makes two requests "the same request" for an Idempotency-Key: method, route, path parameters and body.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, requestHash } from '#lib/http/idempotency.ts';

describe('requestHash', () => {
  const route = '/partner/plaques/{id}/buy';
  it('is the same for the same method, route, path parameters and body, whatever the member order', () => {
    const a = requestHash('POST', route, { id: '1' }, { reservationId: 'r', buyerWallet: 'w' });
    expect(requestHash('post', route, { id: '1' }, JSON.parse('{"buyerWallet":"w","reservationId":"r"}'))).toBe(a);
  });

  it('differs when the path, the method, the route or any body member differs', () => {
    const a = requestHash('POST', route, { id: '1' }, { reservationId: 'r', buyerWallet: 'w' });
    expect(requestHash('POST', route, { id: '2' }, { reservationId: 'r', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('PUT', route, { id: '1' }, { reservationId: 'r', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('POST', '/partner/plaques/{id}/prepare', { id: '1' }, { reservationId: 'r', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('POST', route, { id: '1' }, { reservationId: 'r2', buyerWallet: 'w' })).not.toBe(a);
    expect(requestHash('POST', route, { id: '1' }, { reservationId: 'r', buyerWallet: 'W' })).not.toBe(a);
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
