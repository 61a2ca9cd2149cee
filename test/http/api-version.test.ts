// The version headers of an answer (lib/http/api-version.ts): Plaque-Version on every answer, Vary joined to the one
// CORS set where a version shapes the answer, and a replay kept in another version's shape given this one's.
import { describe, expect, it } from 'vitest';
import { withVersion } from '#lib/http/api-version.ts';
import { getPlaque } from '#lib/http/operations/plaques/get-plaque.ts';
import { lookupPlaque } from '#lib/http/operations/partner/lookup-plaque.ts';
import { buyPlaque } from '#lib/http/operations/partner/buy-plaque.ts';

describe('the version headers of an answer', () => {
  it('name the version, and join Vary to the Origin CORS set where the version shapes the answer', () => {
    const shaped = withVersion(getPlaque, { statusCode: 200, headers: { vary: 'Origin' }, body: '{}' }, '2026-11-23');
    expect(shaped.headers).toEqual({ vary: 'Origin, Plaque-Version, X-Api-Key', 'plaque-version': '2026-11-23' });
    const plain = withVersion(lookupPlaque, { statusCode: 200, headers: { vary: 'Origin' }, body: '{}' }, '2026-11-28');
    expect(plain.headers).toEqual({ vary: 'Origin', 'plaque-version': '2026-11-28' });
    expect(withVersion(getPlaque, { statusCode: 404, body: '' }, '2026-11-28').headers).toEqual({ 'plaque-version': '2026-11-28' });
  });

  it("give a replay kept in another version's shape this one's, and leave a fresh answer's body alone", () => {
    const plaque = { id: 1, tokenId: null, token_id: null };
    const body = JSON.stringify({ orderId: 'ord_1', status: 'SOLD', plaque });
    const replay = { statusCode: 201, headers: { 'idempotent-replayed': 'true' }, body };
    expect(JSON.parse(withVersion(buyPlaque, replay, '2026-11-28').body).plaque).toEqual({ id: 1, tokenId: null });
    expect(withVersion(buyPlaque, replay, '2026-11-23').body).toBe(body);
    expect(withVersion(buyPlaque, { statusCode: 201, headers: {}, body }, '2026-11-28').body).toBe(body);
  });
});
