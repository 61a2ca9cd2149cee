// POST /partner/plaques/{id}/prepare through the local server: the hold, its answer, bad input, and a race.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPublicClient, http } from 'viem';
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { serviceAccount } from '#lib/partner/service-account.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aPartner, aWallet, call, storePlaque, type TestPartner } from './fixtures.ts';
import { chainOf } from '#lib/chain/chain-port.ts';

let ctx: AppContext;
let server: LocalServer;
let partner: TestPartner;
/** Added to the clock the service sees, to let holds expire. */
let skewMs = 0;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), now: () => new Date(Date.now() + skewMs) });
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await server.close();
});

/** A fresh address holding `code` as its runtime code (anvil's cheat call), checksummed. */
async function aContract(code: `0x${string}`): Promise<string> {
  const address = aWallet();
  const client = createPublicClient({ transport: http(inject('rpcUrl')) });
  await client.request({ method: 'anvil_setCode' as never, params: [address, code] as never });
  return address;
}

const prepare = (id: number | string, body: unknown, key: string | null = partner.apiKey, headers?: Record<string, string>) =>
  call(server.url, 'POST', `/partner/plaques/${id}/prepare`, { key, body, ...(headers && { headers }) });

describe('POST /partner/plaques/{id}/prepare', () => {
  it('holds an available plaque for 10 minutes and answers price, currency and the token with its metadata', async () => {
    const plaque = await storePlaque(ctx, {
      price: 249.5,
      currency: 'EUR',
      condition: 'USED',
      marketplace: 'opensea',
      image: 'https://img.example/p.png',
      description: 'By the door',
    });
    const wallet = aWallet();
    const before = Date.now();
    const reply = await prepare(plaque.id, { buyerWallet: wallet });
    expect(reply.status).toBe(200);
    const { reservationId, expiresAt, ...rest } = reply.json;
    expect(reservationId).toMatch(new RegExp(`^res_${plaque.id}_[A-Za-z0-9_-]{22}$`));
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(rest).toEqual({
      price: 249.5,
      currency: 'EUR',
      token: {
        standard: 'ERC-1155',
        contractAddress: chainOf(ctx).contractAddress,
        tokenId: String(plaque.id),
        metadata: {
          name: plaque.name,
          description: 'By the door',
          image: 'https://img.example/p.png',
          decimals: 0,
          attributes: [
            { trait_type: 'Condition', value: 'USED' },
            { trait_type: 'Marketplace', value: 'opensea' },
            { trait_type: 'Alphabet part', value: plaque.alphabetPart },
            { trait_type: 'Number part', value: plaque.numberPart },
          ],
          properties: {
            plaqueId: plaque.id,
            condition: 'USED',
            marketplace: 'opensea',
            alphabetPart: plaque.alphabetPart,
            numberPart: plaque.numberPart,
          },
        },
      },
    });

    const stored = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id);
    expect(stored?.plaque).toMatchObject({ status: 'LOCKED', reservationId, lockExpiresAt: expiresAt });
    expect(stored?.hold).toEqual({
      reservationId,
      expiresAt,
      partnerId: partner.userId,
      apiKeyId: partner.id,
      buyerWallet: wallet,
      price: 249.5,
      currency: 'EUR',
    });
    // Listings pick the change up: updatedAt and the catalogue sort key move together.
    expect(Date.parse(stored!.plaque.updatedAt)).toBeGreaterThan(Date.parse(plaque.updatedAt));
    const rows = await catalogRepo(dbOf(ctx), ctx.tableName).changes(stored!.plaque.updatedAt, { includeLegacy: false });
    expect(rows.find((r) => r.id === plaque.id)).toMatchObject({ status: 'LOCKED', lockExpiresAt: expiresAt });
  });

  it('accepts a lower-case wallet and holds it checksummed', async () => {
    const plaque = await storePlaque(ctx);
    const wallet = aWallet();
    expect((await prepare(plaque.id, { buyerWallet: wallet.toLowerCase() })).status).toBe(200);
    expect((await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id))?.hold?.buyerWallet).toBe(wallet);
  });

  it('answers 409 NOT_AVAILABLE for a plaque held by another reservation, operator-locked, sold or minted', async () => {
    const held = await storePlaque(ctx);
    expect((await prepare(held.id, { buyerWallet: aWallet() })).status).toBe(200);
    const others = [
      held,
      await storePlaque(ctx, { status: 'LOCKED', lockExpiresAt: null }),
      await storePlaque(ctx, { status: 'SOLD', wallet_address: aWallet() }),
      await storePlaque(ctx, { status: 'MINTED', minted: true, tokenId: '3', wallet_address: aWallet() }),
    ];
    for (const plaque of others) {
      const reply = await prepare(plaque.id, { buyerWallet: aWallet() });
      expect(reply.status, `plaque ${plaque.status}`).toBe(409);
      expect(reply.json).toMatchObject({ code: 'NOT_AVAILABLE' });
    }
  });

  it('holds again once the earlier hold has expired', async () => {
    const plaque = await storePlaque(ctx);
    const first = await prepare(plaque.id, { buyerWallet: aWallet() });
    skewMs = 10 * 60_000 + 1000;
    try {
      const second = await prepare(plaque.id, { buyerWallet: aWallet() });
      expect(second.status).toBe(200);
      expect(second.json.reservationId).not.toBe(first.json.reservationId);
    } finally {
      skewMs = 0;
    }
  });

  it("records the service account with the contract minter's wallet, so a stage needs no setup for owner answers", async () => {
    const plaque = await storePlaque(ctx);
    expect((await prepare(plaque.id, { buyerWallet: aWallet() })).status).toBe(200);
    expect(await serviceAccount(ctx)).toMatchObject({ username: 'plaques', walletAddress: await chainOf(ctx).minterAddress() });
  });

  it('answers 404 PLAQUE_NOT_FOUND for an unknown plaque', async () => {
    const reply = await prepare(987654, { buyerWallet: aWallet() });
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ code: 'PLAQUE_NOT_FOUND' });
  });

  it('answers 400 VALIDATION_FAILED naming buyerWallet for a malformed or mis-checksummed wallet, and writes nothing', async () => {
    const plaque = await storePlaque(ctx);
    const wallet = aWallet();
    const badChecksum =
      wallet.slice(0, 2) +
      [...wallet.slice(2)].map((c) => (/[a-f]/.test(c) ? c.toUpperCase() : /[A-F]/.test(c) ? c.toLowerCase() : c)).join('');
    for (const buyerWallet of [badChecksum, wallet.toUpperCase().replace('0X', '0x'), '0x1234', 'not a wallet', 42, null]) {
      const reply = await prepare(plaque.id, { buyerWallet });
      expect(reply.status, String(buyerWallet)).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'buyerWallet' }] });
    }
    expect((await plaqueRepo(dbOf(ctx), ctx.tableName).get(plaque.id))?.status).toBe('AVAILABLE');
  });

  it('answers 400 WALLET_CANNOT_RECEIVE for the zero address, the token contract and contracts that refuse ERC-1155', async () => {
    const plaque = await storePlaque(ctx);
    // Runtime code put at fresh addresses: a contract whose receiver hook reverts with nothing (the token's own check then
    // reverts ERC1155InvalidReceiver), one that answers nothing (the hook's answer cannot be read), and one that reverts
    // with an error of its own (bubbled up as it is).
    const revertsEmpty = await aContract('0xfe');
    const answersNothing = await aContract('0x00');
    const revertsOwn = await aContract('0x63deadbeef60e01b60005260046000fd');
    const refused = [
      '0x0000000000000000000000000000000000000000',
      chainOf(ctx).contractAddress,
      chainOf(ctx).contractAddress.toLowerCase(),
      revertsEmpty,
      answersNothing,
      revertsOwn,
    ];
    for (const buyerWallet of refused) {
      const reply = await prepare(plaque.id, { buyerWallet });
      expect(reply.status, buyerWallet).toBe(400);
      expect(reply.json).toMatchObject({ code: 'WALLET_CANNOT_RECEIVE', errors: [{ path: 'buyerWallet' }] });
    }
    expect((await plaqueRepo(dbOf(ctx), ctx.tableName).get(plaque.id))?.status).toBe('AVAILABLE');

    // A contract that accepts ERC-1155 tokens (its hook answers onERC1155Received's selector) is a wallet like any other.
    const accepts = await aContract('0x63f23a6e6160e01b60005260206000f3');
    expect(await prepare(plaque.id, { buyerWallet: accepts })).toMatchObject({ status: 200 });
  });

  it('answers 400 for a missing body, unknown members or a body that is not an object', async () => {
    const plaque = await storePlaque(ctx);
    expect((await prepare(plaque.id, undefined)).json).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'buyerWallet' }],
    });
    expect((await prepare(plaque.id, { buyerWallet: aWallet(), price: 1 })).json).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await prepare(plaque.id, [aWallet()])).json).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await prepare(plaque.id, '{"buyerWallet":')).json).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
    expect((await prepare(plaque.id, 'buyerWallet=0x', partner.apiKey, { 'content-type': 'text/plain' })).json).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect((await prepare(plaque.id, { buyerWallet: 'x'.repeat(70_000) })).json).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 403 FORBIDDEN without a valid key', async () => {
    const plaque = await storePlaque(ctx);
    expect((await prepare(plaque.id, { buyerWallet: aWallet() }, null)).json).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await prepare(plaque.id, { buyerWallet: aWallet() }, 'pk_nope')).json).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('lets exactly one of 20 simultaneous prepares of one plaque win', async () => {
    const plaque = await storePlaque(ctx);
    const others = await Promise.all(Array.from({ length: 4 }, () => aPartner(ctx)));
    const keys = [partner, ...others].map((p) => p.apiKey);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => prepare(plaque.id, { buyerWallet: aWallet() }, keys[i % keys.length]!)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const loser of replies.filter((r) => r.status === 409)) expect(loser.json.code).toBe('NOT_AVAILABLE');
    const winner = replies.find((r) => r.status === 200)!;
    const stored = await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(plaque.id);
    expect(stored?.hold?.reservationId).toBe(winner.json.reservationId);
  });
});
