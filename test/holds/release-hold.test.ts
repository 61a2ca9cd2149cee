// DELETE /partner/reservations/{reservationId} through the local server: the hold ends at once for the lookup, the
// listing and the next prepare; other partners', unknown, released and bought reservations are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, aPartner, aWallet, call, type TestPartner } from '../partner/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
/** Added to the clock the service sees, to let holds lapse. */
let skewMs = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), now: () => new Date(Date.now() + skewMs) });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

const release = (reservationId: string, key: string | null = partner.apiKey) =>
  call(server.url, 'DELETE', `/partner/reservations/${encodeURIComponent(reservationId)}`, { key });
const lookup = (id: number) => call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key: partner.apiKey });

/** The plaque's status in the featured listing (ordered by id, newest first), once the listing has it. */
async function listedStatus(id: number): Promise<string | undefined> {
  const reply = await call(server.url, 'GET', `/plaques/featured?orderBy=p.id&sort=desc&limit=100`);
  expect(reply.status).toBe(200);
  return (reply.json.plaques as { id: number; status: string }[]).find((p) => p.id === id)?.status;
}

/** Polls the listing until it shows `status` for the plaque, for at most 3 s (it refreshes at most once a second). */
async function listingShows(id: number, status: string): Promise<boolean> {
  const deadline = Date.now() + 3000;
  for (;;) {
    if ((await listedStatus(id)) === status) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('DELETE /partner/reservations/{reservationId}', () => {
  it('answers 204 and makes the plaque AVAILABLE at once: lookup, listing, and the next prepare of another partner', async () => {
    const { plaque, reservationId } = await aHeldPlaque(ctx, server.url, partner, { featured: true });
    expect((await lookup(plaque.id)).json).toMatchObject({ available: false, status: 'LOCKED' });
    expect(await listingShows(plaque.id, 'LOCKED')).toBe(true);

    const reply = await release(reservationId);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');

    expect((await lookup(plaque.id)).json).toMatchObject({ available: true, status: 'AVAILABLE', reasons: [] });
    expect(await listingShows(plaque.id, 'AVAILABLE')).toBe(true);
    const other = await aPartner(ctx);
    const again = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
      key: other.apiKey,
      body: { buyerWallet: aWallet() },
    });
    expect(again.status).toBe(200);
  });

  it('lets another key of the same partner release the hold', async () => {
    const { plaque, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const secondKey = await aPartner(ctx, partner.userId);
    expect((await release(reservationId, secondKey.apiKey)).status).toBe(204);
    expect((await lookup(plaque.id)).json.status).toBe('AVAILABLE');
  });

  it("answers 404 RESERVATION_NOT_FOUND for another partner's, an unknown and an already released reservation", async () => {
    const { plaque, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const stranger = await aPartner(ctx);
    const foreign = await release(reservationId, stranger.apiKey);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: 'RESERVATION_NOT_FOUND' });
    expect((await lookup(plaque.id)).json.status).toBe('LOCKED');

    for (const unknown of ['res_nope', `res_${plaque.id}_${'A'.repeat(22)}`, 'res_999999_AAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await release(unknown), unknown).toMatchObject({ status: 404, json: { code: 'RESERVATION_NOT_FOUND' } });
    }
    expect((await release(reservationId)).status).toBe(204);
    expect(await release(reservationId)).toMatchObject({ status: 404, json: { code: 'RESERVATION_NOT_FOUND' } });
  });

  it("releases a lapsed hold that is still the plaque's last, and answers 404 once a later prepare holds the plaque", async () => {
    const first = await aHeldPlaque(ctx, server.url, partner);
    skewMs = 11 * 60_000;
    try {
      expect((await release(first.reservationId)).status).toBe(204);
      const second = await aHeldPlaque(ctx, server.url, partner);
      skewMs = 22 * 60_000;
      const other = await aPartner(ctx);
      const taken = await call(server.url, 'POST', `/partner/plaques/${second.plaque.id}/prepare`, {
        key: other.apiKey,
        body: { buyerWallet: aWallet() },
      });
      expect(taken.status).toBe(200);
      expect(await release(second.reservationId)).toMatchObject({ status: 404, json: { code: 'RESERVATION_NOT_FOUND' } });
      expect((await lookup(second.plaque.id)).json.status).toBe('LOCKED');
    } finally {
      skewMs = 0;
    }
  });

  it('answers 409 RESERVATION_INVALID for a reservation that was bought, and leaves the sale alone', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const bought = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: partner.apiKey,
      headers: { 'Idempotency-Key': `release-${plaque.id}-buy` },
      body: { reservationId, buyerWallet: wallet },
    });
    expect(bought.status).toBe(201);
    const reply = await release(reservationId);
    expect(reply).toMatchObject({ status: 409, json: { code: 'RESERVATION_INVALID' } });
    expect((await lookup(plaque.id)).json.status).toBe('SOLD');
    const stranger = await aPartner(ctx);
    expect(await release(reservationId, stranger.apiKey)).toMatchObject({ status: 404, json: { code: 'RESERVATION_NOT_FOUND' } });
  });

  it('answers 403 KEY_SCOPE_INSUFFICIENT to a read key and 403 FORBIDDEN without a key, and keeps the hold', async () => {
    const { plaque, reservationId } = await aHeldPlaque(ctx, server.url, partner);
    const reader = await aPartner(ctx, partner.userId, 'read');
    expect(await release(reservationId, reader.apiKey)).toMatchObject({ status: 403, json: { code: 'KEY_SCOPE_INSUFFICIENT' } });
    expect(await release(reservationId, null)).toMatchObject({ status: 403, json: { code: 'FORBIDDEN' } });
    expect((await lookup(plaque.id)).json.status).toBe('LOCKED');
  });
});
