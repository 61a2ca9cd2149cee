// Lookup's `mintable` comes from simulating the mint on a real chain: true for a fresh token id, false once the
// token was minted outside the service, and prepare then refuses to sell it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { ownChain } from '../support/chain.ts';
import { aPartner, aWallet, call, storePlaque, type TestPartner } from './fixtures.ts';
import { chainOf } from '#lib/chain/chain-port.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;

beforeAll(async () => {
  const { chain } = await ownChain();
  ctx = await freshTable({ chain });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

describe('lookup against the chain', () => {
  it('is mintable for a fresh token id and ALREADY_MINTED once the signer minted it directly', async () => {
    const plaque = await storePlaque(ctx);
    const before = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: partner.apiKey });
    expect(before.json).toMatchObject({ available: true, mintable: true, reasons: [] });

    await chainOf(ctx).waitForReceipt(await chainOf(ctx).sendMint(aWallet() as `0x${string}`, BigInt(plaque.id)));

    const after = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: partner.apiKey });
    expect(after.json).toEqual({
      plaqueId: plaque.id,
      uniqueId: `${chainOf(ctx).contractAddress}:${plaque.id}`,
      available: true,
      mintable: false,
      status: 'AVAILABLE',
      reasons: ['ALREADY_MINTED'],
    });

    const prepare = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
      key: partner.apiKey,
      body: { buyerWallet: aWallet() },
    });
    expect(prepare.status).toBe(409);
    expect(prepare.json).toMatchObject({ code: 'NOT_AVAILABLE', reason: 'ALREADY_MINTED' });
  });

  it('follows the recorded token id, not the plaque id', async () => {
    const plaque = await storePlaque(ctx, { tokenId: '123456789012345678901234567890' });
    await chainOf(ctx).waitForReceipt(await chainOf(ctx).sendMint(aWallet() as `0x${string}`, 123456789012345678901234567890n));
    const reply = await call(server.url, 'GET', `/partner/plaques/${plaque.id}/lookup`, { key: partner.apiKey });
    expect(reply.json).toMatchObject({
      mintable: false,
      reasons: ['ALREADY_MINTED'],
      uniqueId: `${chainOf(ctx).contractAddress}:123456789012345678901234567890`,
    });
  });
});
