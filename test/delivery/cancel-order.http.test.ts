// Cancelling a FAILED order over the local server: the plaque's listing and prepare agree afterwards. A plaque whose
// token was minted elsewhere (the order failed ALREADY_MINTED) stays off sale, LOCKED, where prepare refuses it; one
// whose buyer's wallet refused the token is for sale again, and prepare takes it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Address, Hex } from 'viem';
import { cancelOrder } from '#lib/delivery/undelivered.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aReceiver } from '../support/receivers.ts';
import { aPartner, aWallet, call, type TestPartner } from '../partner/fixtures.ts';
import { aSoldOrder, deliverNow, deliveryChain } from './fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let seller: Partner;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0 });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
  seller = { partnerId: partner.userId, apiKeyId: partner.id };
  return () => server.close();
});

/** What the listing and prepare say of the plaque now. */
async function forSale(plaqueId: number, name: string) {
  const listed = await call(server.url, 'POST', '/plaques/featured', { body: { filters: { featured: true }, search: name, limit: 5 } });
  expect(listed.status).toBe(200);
  const record = await call(server.url, 'GET', `/plaques/${plaqueId}`);
  const lookup = await call(server.url, 'GET', `/partner/plaques/${plaqueId}/lookup`, { key: partner.apiKey });
  const prepare = await call(server.url, 'POST', `/partner/plaques/${plaqueId}/prepare`, {
    key: partner.apiKey,
    body: { buyerWallet: aWallet() },
  });
  return {
    listed: (listed.json.plaques as { id: number; status: string }[]).find((p) => p.id === plaqueId)?.status,
    status: record.json.status as string,
    available: lookup.json.available as boolean,
    prepare: prepare.status,
  };
}

describe('cancel-order of a FAILED order', () => {
  it('keeps off sale the plaque of an order whose token was minted elsewhere: listing and prepare agree it is not for sale', async () => {
    const sold = await aSoldOrder(ctx, seller, { featured: true });
    await own.chain.waitForReceipt(await own.chain.sendMint(aWallet() as Hex, sold.tokenId));
    await deliverNow(ctx, sold.orderId);
    const cancelled = await cancelOrder(ctx, sold.orderId, 'minted elsewhere');

    const now = await forSale(sold.plaque.id, sold.plaque.name);
    expect(now).toEqual({ listed: 'LOCKED', status: 'LOCKED', available: false, prepare: 409 });
    expect(cancelled).toMatchObject({ plaqueStatus: 'LOCKED', tokenId: String(sold.tokenId) });
    const order = await call(server.url, 'GET', `/partner/orders/${sold.orderId}`, { key: partner.apiKey });
    expect(order.json).toMatchObject({ status: 'CANCELLED', cancelReason: 'minted elsewhere' });
  });

  it('puts up for sale again the plaque of an order whose buyer’s wallet refused the token: listing and prepare agree it is', async () => {
    const sold = await aSoldOrder(ctx, seller, { featured: true }, (await aReceiver('RefusingReceiver')) as Address);
    await deliverNow(ctx, sold.orderId);
    const cancelled = await cancelOrder(ctx, sold.orderId, 'the wallet takes no tokens');

    const now = await forSale(sold.plaque.id, sold.plaque.name);
    expect(now).toEqual({ listed: 'AVAILABLE', status: 'AVAILABLE', available: true, prepare: 200 });
    expect(cancelled).toMatchObject({ plaqueStatus: 'AVAILABLE' });
  });
});
