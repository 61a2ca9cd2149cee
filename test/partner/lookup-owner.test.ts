// GET /partner/plaques/{id}/lookup and /owner through the local server, against the run's anvil contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aPartner, aWallet, call, storePlaque, type TestPartner } from './fixtures.ts';
import { chainOf } from '#lib/chain/chain-port.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
let serviceWallet: string;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain() });
  serviceWallet = (await chainOf(ctx).minterAddress())!;
  await ensureServiceAccount(ctx, serviceWallet);
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

const lookup = (id: number | string, key: string | null = partner.apiKey) =>
  call(server.url, 'GET', `/partner/plaques/${id}/lookup`, { key });
const owner = (id: number | string, key: string | null = partner.apiKey) =>
  call(server.url, 'GET', `/partner/plaques/${id}/owner`, { key });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('GET /partner/plaques/{id}/lookup', () => {
  it('answers an available plaque as available and mintable, with no reasons', async () => {
    const plaque = await storePlaque(ctx);
    const reply = await lookup(plaque.id);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      plaqueId: plaque.id,
      uniqueId: `${chainOf(ctx).contractAddress}:${plaque.id}`,
      available: true,
      mintable: true,
      status: 'AVAILABLE',
      reasons: [],
    });
    expect(reply.headers.get('x-request-id')).toBeTruthy();
  });

  it('uses the recorded token id and contract in uniqueId', async () => {
    const plaque = await storePlaque(ctx, { tokenId: '777000', contractAddress: chainOf(ctx).contractAddress });
    expect((await lookup(plaque.id)).json).toMatchObject({ uniqueId: `${chainOf(ctx).contractAddress}:777000`, mintable: true });
  });

  it('gives LOCKED for a live hold or an operator lock, and treats an expired hold as available', async () => {
    const operatorLocked = await storePlaque(ctx, { status: 'LOCKED', lockExpiresAt: null });
    const held = await storePlaque(ctx, { status: 'LOCKED', lockExpiresAt: inAnHour(), reservationId: 'res_x' });
    const lapsed = await storePlaque(ctx, { status: 'LOCKED', lockExpiresAt: '2020-01-01T00:00:00.000Z', reservationId: 'res_y' });
    expect((await lookup(operatorLocked.id)).json).toMatchObject({
      available: false,
      mintable: true,
      status: 'LOCKED',
      reasons: ['LOCKED'],
    });
    expect((await lookup(held.id)).json).toMatchObject({ available: false, status: 'LOCKED', reasons: ['LOCKED'] });
    expect((await lookup(lapsed.id)).json).toMatchObject({ available: true, status: 'AVAILABLE', reasons: [] });
  });

  it('gives SOLD for a sold plaque and ALREADY_MINTED (not mintable) for a minted one', async () => {
    const sold = await storePlaque(ctx, { status: 'SOLD', wallet_address: aWallet(), saleAt: '2026-01-03T00:00:00.000Z' });
    const minted = await storePlaque(ctx, {
      status: 'MINTED',
      minted: true,
      tokenId: '991',
      mintedAt: '2026-01-04T00:00:00.000Z',
      wallet_address: aWallet(),
    });
    expect((await lookup(sold.id)).json).toMatchObject({ available: false, mintable: true, status: 'SOLD', reasons: ['SOLD'] });
    expect((await lookup(minted.id)).json).toMatchObject({
      available: false,
      mintable: false,
      status: 'MINTED',
      reasons: ['ALREADY_MINTED'],
    });
  });

  it('reports NOT_MINTABLE for a plaque recorded on another contract', async () => {
    const plaque = await storePlaque(ctx, { contractAddress: '0x000000000000000000000000000000000000bEEF' });
    expect((await lookup(plaque.id)).json).toMatchObject({ available: true, mintable: false, reasons: ['NOT_MINTABLE'] });
  });

  it('answers 404 PLAQUE_NOT_FOUND for an unknown or deleted plaque', async () => {
    const deleted = await storePlaque(ctx, { deletedAt: '2026-01-05T00:00:00.000Z' });
    for (const id of [987654, deleted.id]) {
      const reply = await lookup(id);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(reply.json).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    }
  });

  it('answers 400 VALIDATION_FAILED naming id when it is not a positive integer', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '1e3', '007']) {
      const reply = await lookup(id);
      expect(reply.status, id).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'id', message: 'must be a positive integer' }] });
    }
  });

  it('answers 403 FORBIDDEN without a key, with an unknown key, and with a revoked key', async () => {
    const plaque = await storePlaque(ctx);
    const revoked = await aPartner(ctx);
    await revokeApiKey(ctx, revoked.userId, revoked.id);
    for (const key of [null, 'pk_unknown', `${partner.apiKey}x`, revoked.apiKey]) {
      const reply = await lookup(plaque.id, key);
      expect(reply.status).toBe(403);
      expect(reply.json).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe('GET /partner/plaques/{id}/owner', () => {
  it('names the service account as the owner before the sale, its wallet masked', async () => {
    const plaque = await storePlaque(ctx);
    const reply = await owner(plaque.id);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      plaqueId: plaque.id,
      username: 'plaques',
      validUsername: true,
      walletAddress: `${serviceWallet.slice(0, 6)}\u2026${serviceWallet.slice(-4)}`,
    });
  });

  it('names the user holding the buyer wallet after the sale', async () => {
    const wallet = aWallet();
    const user = { ...newUser({ id: 4242, email: 'buyer@example.com', walletAddress: wallet, now: new Date() }), username: 'alice.b' };
    await userRepo(dbOf(ctx), ctx.tableName).create(user, usernameSkeleton(user.username));
    const plaque = await storePlaque(ctx, { status: 'SOLD', wallet_address: wallet, saleAt: '2026-01-03T00:00:00.000Z' });
    expect((await owner(plaque.id)).json).toEqual({
      plaqueId: plaque.id,
      username: 'alice.b',
      validUsername: true,
      walletAddress: `${wallet.slice(0, 6)}\u2026${wallet.slice(-4)}`,
    });
  });

  it('answers username null and validUsername false when no user holds the buyer wallet', async () => {
    const wallet = aWallet();
    const plaque = await storePlaque(ctx, { status: 'MINTED', minted: true, wallet_address: wallet, tokenId: '5' });
    expect((await owner(plaque.id)).json).toEqual({
      plaqueId: plaque.id,
      username: null,
      validUsername: false,
      walletAddress: `${wallet.slice(0, 6)}\u2026${wallet.slice(-4)}`,
    });
  });

  it('answers 404 PLAQUE_NOT_FOUND and 403 FORBIDDEN like lookup', async () => {
    expect((await owner(987654)).json).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    expect((await owner(1, null)).json).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
