// GET /plaques/{id}, GET /plaques/by-name/{name} and GET /wallets/{address}/plaques, their handlers invoked against
// DynamoDB Local: found whatever the status, not found, deleted, bad input, and a wallet read page by page with
// cursors, newest mint first, never another wallet's plaques; the DynamoDB calls each makes.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { handler as getPlaque } from '#functions/plaques/get-plaque.ts';
import { handler as getPlaqueByName } from '#functions/plaques/get-plaque-by-name.ts';
import { handler as listWalletPlaques } from '#functions/plaques/list-wallet-plaques.ts';
import { presentPlaque, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { plaqueSchema, walletPlaquePageSchema } from '#lib/plaques/response-schemas.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { encodeWalletCursor } from '#lib/plaques/wallet-plaques.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { DEFAULT_API_VERSION, shapeAs } from '#lib/versions/versions.ts';
import { invoke } from '../support/events.ts';
import { intercept } from '../support/faults.ts';
import { aWallet, storePlaque } from '../partner/fixtures.ts';

let ctx: AppContext;

beforeAll(async () => {
  ctx = await freshTable();
});

/** The plaque as the listing would show it now. */
/** The plaque as a request naming no API version reads it: the default version's shape. */
const shown = (plaque: StoredPlaque) => shapeAs('Plaque', presentPlaque(plaque, ctx.now(), stageValuesOf(ctx)), DEFAULT_API_VERSION);

/** The DynamoDB commands `run` sends, by name, in order. */
async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const remove = intercept(ctx, '*', (send, _input, command) => {
    sent.push(command);
    return send();
  });
  try {
    await run();
  } finally {
    remove();
  }
  return sent;
}

let mintSeconds = 0;
/** A plaque minted to `wallet`: each a second after the last, or at `at` (several may share one instant). */
function aMintedPlaque(wallet: string, at = new Date(Date.parse('2026-06-01T00:00:00.000Z') + mintSeconds++ * 1000).toISOString()) {
  return storePlaque(ctx, {
    status: 'MINTED',
    minted: true,
    wallet_address: wallet,
    saleAt: at,
    mintedAt: at,
    updatedAt: at,
    featured: false,
  });
}

const byId = (id: string) => invoke(getPlaque, { path: `/plaques/${id}`, pathParameters: { id } });
const byName = (name: string) => invoke(getPlaqueByName, { path: `/plaques/by-name/${name}`, pathParameters: { name } });
const ofWallet = (address: string, query: Record<string, string> = {}) =>
  invoke(listWalletPlaques, { path: `/wallets/${address}/plaques`, pathParameters: { address }, query });

describe('GET /plaques/{id}', () => {
  it('answers the plaque as the listing shows it, whatever its status and whether featured, with one GetItem', async () => {
    for (const overrides of [{}, { status: 'SOLD', featured: false, wallet_address: aWallet() }, { status: 'LOCKED' }] as const) {
      const plaque = await storePlaque(ctx, overrides);
      let reply!: Awaited<ReturnType<typeof byId>>;
      expect(await commandsOf(async () => (reply = await byId(String(plaque.id))))).toEqual(['GetItemCommand']);
      expect(reply.statusCode).toBe(200);
      expect(reply.json).toEqual(shown(plaque));
      expect(plaqueSchema.schema().safeParse(reply.json).error).toBeUndefined();
      expect(reply.headers?.['cache-control']).toBe('public, max-age=10');
    }
  });

  it('shows a plaque whose hold has expired as AVAILABLE', async () => {
    const plaque = await storePlaque(ctx, { status: 'LOCKED', lockExpiresAt: '2026-01-01T00:00:00.000Z', reservationId: 'res_1' });
    expect((await byId(String(plaque.id))).json).toMatchObject({ id: plaque.id, status: 'AVAILABLE' });
  });

  it('answers 404 PLAQUE_NOT_FOUND for an unknown or deleted plaque', async () => {
    const deleted = await storePlaque(ctx, { deletedAt: '2026-02-01T00:00:00.000Z' });
    for (const id of ['999999', String(deleted.id)]) {
      const reply = await byId(id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json).toMatchObject({ code: 'PLAQUE_NOT_FOUND' });
      expect(reply.headers?.['cache-control']).toBeUndefined();
    }
  });

  it('answers 400 VALIDATION_FAILED naming id for anything but a positive integer written plainly, reading nothing', async () => {
    for (const id of ['0', '-1', '01', '1.5', '1e3', 'abc', '9999999999999999', ' 1']) {
      let reply!: Awaited<ReturnType<typeof byId>>;
      expect(await commandsOf(async () => (reply = await byId(id)))).toEqual([]);
      expect(reply.statusCode, id).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'id' })] });
    }
  });
});

describe('GET /plaques/by-name/{name}', () => {
  it('finds the plaque by name in any letter case, through its name claim', async () => {
    const plaque = await storePlaque(ctx, { alphabetPart: 'NMQ', numberPart: '0042' });
    for (const name of ['NMQ-0042', 'nmq-0042', 'nMq-0042']) {
      let reply!: Awaited<ReturnType<typeof byName>>;
      expect(await commandsOf(async () => (reply = await byName(name)))).toEqual(['GetItemCommand', 'GetItemCommand']);
      expect(reply.statusCode).toBe(200);
      expect(reply.json).toEqual(shown(plaque));
    }
  });

  it('answers 404 PLAQUE_NOT_FOUND for a name no plaque holds, or a deleted plaque', async () => {
    await storePlaque(ctx, { alphabetPart: 'DEL', numberPart: '0001', deletedAt: '2026-02-01T00:00:00.000Z' });
    for (const name of ['ZZZ-9999', 'DEL-0001']) {
      const reply = await byName(name);
      expect(reply.statusCode).toBe(404);
      expect(reply.json).toMatchObject({ code: 'PLAQUE_NOT_FOUND' });
    }
  });

  it('answers 400 VALIDATION_FAILED naming name for a malformed name', async () => {
    for (const name of ['ABC0042', 'AB-0042', 'ABCD-0042', 'ABC-042', 'ABC-00420', 'AB1-0042', 'ÄBC-0042', '42']) {
      const reply = await byName(name);
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'name' })] });
    }
  });
});

describe('GET /wallets/{address}/plaques', () => {
  it("reads a wallet of more than one page with cursors, newest mint first (then higher id), none of another wallet's", async () => {
    const wallet = aWallet();
    const other = aWallet();
    const mine: StoredPlaque[] = [];
    for (let i = 0; i < 23; i++) mine.push(await aMintedPlaque(wallet));
    // Three mints at one instant: the higher id comes first.
    const tied = new Date(Date.parse('2026-07-01T00:00:00.000Z')).toISOString();
    for (let i = 0; i < 3; i++) mine.push(await aMintedPlaque(wallet, tied));
    for (let i = 0; i < 5; i++) await aMintedPlaque(other);
    // Sold to the wallet but not minted yet, and minted then deleted: neither is listed.
    await storePlaque(ctx, { status: 'SOLD', wallet_address: wallet, saleAt: tied });
    await storePlaque(ctx, { status: 'MINTED', minted: true, wallet_address: wallet, mintedAt: tied, deletedAt: tied });

    const expected = [...mine].sort((a, b) => b.mintedAt!.localeCompare(a.mintedAt!) || b.id - a.id).map((p) => p.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      let reply!: Awaited<ReturnType<typeof ofWallet>>;
      const calls = await commandsOf(async () => (reply = await ofWallet(wallet, cursor ? { cursor } : {})));
      // One Query for the page, one Select COUNT for `count`.
      expect(calls).toEqual(['QueryCommand', 'QueryCommand']);
      expect(reply.statusCode).toBe(200);
      expect(walletPlaquePageSchema.schema().safeParse(reply.json).error).toBeUndefined();
      expect(reply.json!.count).toBe(26);
      expect(reply.json!.plaques.length).toBeLessThanOrEqual(20);
      for (const plaque of reply.json!.plaques) {
        expect(plaque).toEqual(shown(mine.find((p) => p.id === plaque.id)!));
      }
      seen.push(...reply.json!.plaques.map((p: { id: number }) => p.id));
      cursor = reply.json!.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(expected);
  });

  it('accepts the wallet all lower-case, and a limit of 1–100', async () => {
    const wallet = aWallet();
    const plaques = [await aMintedPlaque(wallet), await aMintedPlaque(wallet), await aMintedPlaque(wallet)];
    const first = await ofWallet(wallet.toLowerCase(), { limit: '2' });
    expect(first.json).toMatchObject({ count: 3, plaques: [{ id: plaques[2]!.id }, { id: plaques[1]!.id }] });
    // The cursor is the same whichever casing of the wallet made it, and answers the last page.
    expect(first.json!.nextCursor).toBe((await ofWallet(wallet, { limit: '2' })).json!.nextCursor);
    const last = await ofWallet(wallet, { limit: '2', cursor: first.json!.nextCursor });
    expect(last.json).toMatchObject({ count: 3, plaques: [{ id: plaques[0]!.id }], nextCursor: null });
    expect((await ofWallet(wallet, { limit: '100' })).json!.plaques).toHaveLength(3);
  });

  it('answers a wallet without plaques with an empty page', async () => {
    const reply = await ofWallet(aWallet());
    expect(reply.statusCode).toBe(200);
    expect(reply.json).toEqual({ count: 0, plaques: [], nextCursor: null });
    expect(reply.headers?.['cache-control']).toBe('public, max-age=10');
  });

  it('answers 400 VALIDATION_FAILED naming address for a malformed address or a wrong checksum', async () => {
    const wallet = aWallet();
    const wrongChecksum =
      wallet.slice(0, 2) + [...wallet.slice(2)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    for (const address of ['0x123', 'abc', `${wallet}0`, wallet.slice(2), `0x${'g'.repeat(40)}`, wrongChecksum]) {
      const reply = await ofWallet(address);
      expect(reply.statusCode, address).toBe(400);
      expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'address' })] });
    }
  });

  it('answers 400 VALIDATION_FAILED naming limit or cursor for a bad limit, a forged cursor or one of another wallet', async () => {
    const wallet = aWallet();
    const other = aWallet();
    for (const limit of ['0', '101', 'ten', '1.5', '-1']) {
      const reply = await ofWallet(wallet, { limit });
      expect(reply.statusCode, limit).toBe(400);
      expect(reply.json!.errors).toEqual([expect.objectContaining({ path: 'limit' })]);
    }
    const position = { mintedAt: '2026-06-01T00:00:00.000Z', id: 7 };
    const forged = [
      'not-a-cursor',
      Buffer.from('2026-06-01T00:00:00.000Z#7').toString('base64url'),
      Buffer.from(`2026-06-01#7#${wallet.toLowerCase()}`).toString('base64url'),
      `${encodeWalletCursor(wallet, position)}=`,
      encodeWalletCursor(other, position),
    ];
    for (const cursor of forged) {
      const reply = await ofWallet(wallet, { cursor });
      expect(reply.statusCode, cursor).toBe(400);
      expect(reply.json!.errors).toEqual([expect.objectContaining({ path: 'cursor' })]);
    }
    expect((await ofWallet(wallet, { cursor: encodeWalletCursor(wallet, position) })).statusCode).toBe(200);
  });

  // Whatever text comes as a cursor, the answer is a page (a cursor this service issued for this wallet) or 400 naming
  // `cursor`, never another answer.
  it('answers any cursor text with a page or 400 naming cursor', async () => {
    const wallet = aWallet();
    await aMintedPlaque(wallet);
    const issued = encodeWalletCursor(wallet, { mintedAt: '2026-06-01T00:00:00.000Z', id: 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 600 }),
          fc.base64String({ minLength: 1, maxLength: 120 }),
          fc.constantFrom(issued).chain((c) => fc.nat(c.length - 1).map((i) => c.slice(0, i) + c.slice(i + 1))),
        ),
        async (cursor) => {
          const reply = await ofWallet(wallet, { cursor });
          if (reply.statusCode === 200) expect(cursor).toBe(issued);
          else expect(reply.json).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'cursor' })] });
        },
      ),
      { numRuns: 150 },
    );
  });
});
