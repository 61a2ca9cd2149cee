// The plaque reads for frontends through the local server: a plaque by id and by name, a wallet's plaques, and the
// signed-in user's own (with a token from the real email sign-in); each answer is checked against the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { aWallet, call, storePlaque } from '../partner/fixtures.ts';

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable();
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

const get = (path: string, token?: string) =>
  call(server.url, 'GET', path, { ...(token && { headers: { authorization: `Bearer ${token}` } }) });

let minute = 0;
const aMintedPlaque = (wallet: string) => {
  const at = new Date(Date.parse('2026-06-01T00:00:00.000Z') + minute++ * 60_000).toISOString();
  return storePlaque(ctx, { status: 'MINTED', minted: true, wallet_address: wallet, saleAt: at, mintedAt: at, tokenId: '1' });
};

describe('a plaque by id and by name', () => {
  it('answers the plaque, cacheable for 10 s, by id and by name in any case', async () => {
    const plaque = await storePlaque(ctx, { alphabetPart: 'HTT', numberPart: '0007', featured: false, status: 'SOLD' });
    for (const path of [`/plaques/${plaque.id}`, '/plaques/by-name/HTT-0007', '/plaques/by-name/htt-0007']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.json).toMatchObject({ id: plaque.id, name: 'HTT-0007', status: 'SOLD', featured: false });
      expect(reply.headers.get('cache-control')).toBe('public, max-age=10');
    }
  });

  it('answers problems for unknown plaques and bad input, and leaves /plaques/featured to the listing', async () => {
    expect((await get('/plaques/987654')).json).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    expect((await get('/plaques/by-name/QQQ-0000')).json).toMatchObject({ status: 404, code: 'PLAQUE_NOT_FOUND' });
    expect((await get('/plaques/x1')).json).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'id' })] });
    expect((await get('/plaques/by-name/ABC_0001')).json).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'name' })],
    });
    const wrong = await call(server.url, 'POST', '/plaques/1', { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    const featured = await get('/plaques/featured?limit=1');
    expect(featured.status).toBe(200);
    expect(featured.json).toMatchObject({ count: expect.any(Number), plaques: expect.any(Array) });
  });
});

describe("a wallet's plaques", () => {
  it('pages through the plaques minted to a wallet, newest first, with its count', async () => {
    const wallet = aWallet();
    const plaques = [await aMintedPlaque(wallet), await aMintedPlaque(wallet), await aMintedPlaque(wallet)];
    await aMintedPlaque(aWallet());
    const first = await get(`/wallets/${wallet}/plaques?limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=10');
    expect(first.json).toMatchObject({ count: 3, plaques: [{ id: plaques[2]!.id }, { id: plaques[1]!.id }] });
    const rest = await get(`/wallets/${wallet.toLowerCase()}/plaques?limit=2&cursor=${first.json.nextCursor}`);
    expect(rest.json).toMatchObject({ count: 3, plaques: [{ id: plaques[0]!.id }], nextCursor: null });
    expect((await get(`/wallets/0x12/plaques`)).json).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'address' })],
    });
    const foreign = await get(`/wallets/${aWallet()}/plaques?cursor=${first.json.nextCursor}`);
    expect(foreign.json).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'cursor' })] });
  });
});

describe('GET /auth/plaques', () => {
  it("answers the plaques minted to the signed-in user's wallet, never stored by a cache", async () => {
    const { token, user } = await signInOverHttp(server.url, ctx.dataDir, 'own-plaques@example.com');
    const wallet = user.walletAddress as string;
    const mine = [await aMintedPlaque(wallet.toLowerCase()), await aMintedPlaque(wallet)];
    await aMintedPlaque(aWallet());
    const reply = await get('/auth/plaques', token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.json).toMatchObject({ count: 2, plaques: [{ id: mine[1]!.id }, { id: mine[0]!.id }], nextCursor: null });
    const paged = await get('/auth/plaques?limit=1', token);
    expect(paged.json).toMatchObject({ count: 2, plaques: [{ id: mine[1]!.id }] });
    // The cursor is the wallet's: it pages on as the public list does, and another wallet's is refused.
    expect((await get(`/wallets/${wallet}/plaques?limit=1&cursor=${paged.json.nextCursor}`)).json.plaques).toEqual([
      expect.objectContaining({ id: mine[0]!.id }),
    ]);
    const other = await get(`/wallets/${wallet}/plaques?limit=1`);
    expect((await get(`/auth/plaques?limit=1&cursor=${other.json.nextCursor}`, token)).json.plaques).toHaveLength(1);
    expect((await get('/auth/plaques?limit=0', token)).status).toBe(400);
  });

  it('answers 401 UNAUTHORIZED without a valid token', async () => {
    expect((await get('/auth/plaques')).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await get('/auth/plaques', 'not-a-token')).status).toBe(401);
  });
});
