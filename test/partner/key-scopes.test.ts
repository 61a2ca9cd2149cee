// API key scopes through the local server: a `read` key may look up, read the owner and its orders; prepare and buy
// answer it 403 KEY_SCOPE_INSUFFICIENT; keys stored before scopes existed are `sell`; an unknown scope is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { apiKeyKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aHeldPlaque, aPartner, aWallet, call, storePlaque, type TestPartner } from './fixtures.ts';
import { aSignedInPartner, bearer } from '../webhooks/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let seller: TestPartner;
let reader: TestPartner;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  server = await startLocalServer({ ctx, port: 0 });
  seller = await aPartner(ctx);
  reader = await aPartner(ctx, seller.userId, 'read');
});

afterAll(async () => {
  await server.close();
});

describe('API key scopes', () => {
  it('lets a read key look up a plaque, read its owner and read an order its partner placed', async () => {
    const { plaque, wallet, reservationId } = await aHeldPlaque(ctx, server.url, seller);
    const sale = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: seller.apiKey,
      headers: { 'Idempotency-Key': `scopes-${plaque.id}` },
      body: { reservationId, buyerWallet: wallet },
    });
    expect(sale.status).toBe(201);
    expect((await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: reader.apiKey })).status).toBe(200);
    expect((await call(server.url, 'GET', `/partner/plaques/${plaque.id}/owner`, { key: reader.apiKey })).status).toBe(200);
    const order = await call(server.url, 'GET', `/partner/orders/${sale.json.orderId}`, { key: reader.apiKey });
    expect(order).toMatchObject({ status: 200, json: { orderId: sale.json.orderId } });
  });

  it('answers 403 KEY_SCOPE_INSUFFICIENT to a read key on prepare and buy, and changes nothing', async () => {
    const plaque = await storePlaque(ctx);
    const prepared = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
      key: reader.apiKey,
      body: { buyerWallet: aWallet() },
    });
    expect(prepared).toMatchObject({ status: 403, json: { code: 'KEY_SCOPE_INSUFFICIENT' } });
    const lookup = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: seller.apiKey });
    expect(lookup.json.status).toBe('AVAILABLE');

    const held = await aHeldPlaque(ctx, server.url, seller);
    const bought = await call(server.url, 'POST', `/partner/plaques/${held.plaque.id}/buy`, {
      key: reader.apiKey,
      headers: { 'Idempotency-Key': `scopes-read-${held.plaque.id}` },
      body: { reservationId: held.reservationId, buyerWallet: held.wallet },
    });
    expect(bought).toMatchObject({ status: 403, json: { code: 'KEY_SCOPE_INSUFFICIENT' } });
    expect((await call(server.url, 'GET', `/partner/plaques/${held.plaque.id}/lookup`, { key: seller.apiKey })).json.status).toBe('LOCKED');
  });

  it('reads a key stored before scopes existed as a sell key, in the list and at the key check', async () => {
    const owner = await aSignedInPartner(ctx);
    const made = await call(server.url, 'POST', '/partner/api-keys', { body: { name: 'old' }, headers: bearer(owner) });
    await dbOf(ctx).send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: apiKeyKey(made.json.id),
        UpdateExpression: 'REMOVE #scope',
        ExpressionAttributeNames: { '#scope': 'scope' },
      }),
    );
    const listed = await call(server.url, 'GET', '/partner/api-keys', { headers: bearer(owner) });
    expect(listed.json.keys[0]).toMatchObject({ id: made.json.id, scope: 'sell', expiresAt: null });
    const plaque = await storePlaque(ctx);
    const prepared = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
      key: made.json.apiKey,
      body: { buyerWallet: aWallet() },
    });
    expect(prepared.status).toBe(200);
  });

  it('makes sell keys by default, read keys when asked, and refuses an unknown scope with 400 naming it', async () => {
    const owner = await aSignedInPartner(ctx);
    const create = (body: unknown) => call(server.url, 'POST', '/partner/api-keys', { body, headers: bearer(owner) });
    expect((await create({})).json.scope).toBe('sell');
    expect((await create({ scope: 'read' })).json.scope).toBe('read');
    const refused = await create({ scope: 'admin' });
    expect(refused).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
    expect(refused.json.errors[0].path).toBe('scope');
    const listed = await call(server.url, 'GET', '/partner/api-keys', { headers: bearer(owner) });
    expect(listed.json.keys.map((k: { scope: string }) => k.scope)).toEqual(['read', 'sell']);
  });
});
