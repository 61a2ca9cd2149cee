// GET /tokens/{id}.json and GET /contract.json over the local server: a minted token's metadata by any spelling of its
// id, 404 for every token id no MINTED plaque holds, 400 for anything that is no token id, and the collection's metadata.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { freshTable } from '../support/db.ts';
import { call, storePlaque } from '../partner/fixtures.ts';
import { metadataViolations } from './metadata-schemas.ts';

let ctx: AppContext;
let server: LocalServer;
let minted: StoredPlaque;

const FRONTEND = 'https://plaques.example/';
const hex = (id: number | bigint): string => BigInt(id).toString(16).padStart(64, '0');
const aMintedPlaque = (overrides: Partial<StoredPlaque> = {}) =>
  storePlaque(ctx, {
    status: 'MINTED',
    minted: true,
    mintedAt: '2026-01-03T00:00:00.000Z',
    saleAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  });

beforeAll(async () => {
  ctx = await freshTable({ frontendUrl: FRONTEND, publicBaseUrl: 'https://api.plaques.example' });
  server = await startLocalServer({ ctx, port: 0 });
  minted = await aMintedPlaque({ description: '', condition: 'USED', marketplace: 'opensea', image: null });
});

afterAll(async () => {
  await server?.close();
});

const get = (path: string) => call(server.url, 'GET', path);

describe('the metadata standards as JSON schemas', () => {
  it('refuse metadata that breaks them: a number for a name, a relative image, a trait without its type', () => {
    expect(metadataViolations({ name: 1, description: 'd', image: 'https://x.example/i.png', attributes: [] })).toContain(
      'Token Metadata: /name must be string',
    );
    expect(metadataViolations({ name: 'n', description: 'd', image: '/i.png', attributes: [] }).join()).toMatch(/\/image/);
    expect(
      metadataViolations({ name: 'n', description: 'd', image: 'https://x.example/i.png', attributes: [{ value: 'v' }] }).join(),
    ).toMatch(/trait_type/);
  });
});

describe('GET /tokens/{id}.json', () => {
  it("answers a minted token's metadata, cacheable for 5 minutes, by its id in 64 hex digits as EIP-1155 clients send it", async () => {
    const reply = await get(`/tokens/${hex(minted.id)}.json`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    expect(reply.json).toEqual({
      name: minted.name,
      description: `Plaque ${minted.name}`,
      image: `${ctx.mediaBaseUrl}/plaques/placeholder.png`,
      external_url: `https://plaques.example/plaques/${minted.id}`,
      decimals: 0,
      attributes: [
        { trait_type: 'Condition', value: 'USED' },
        { trait_type: 'Marketplace', value: 'opensea' },
        { trait_type: 'Alphabet part', value: minted.alphabetPart },
        { trait_type: 'Number part', value: minted.numberPart },
      ],
      properties: {
        plaqueId: minted.id,
        condition: 'USED',
        marketplace: 'opensea',
        alphabetPart: minted.alphabetPart,
        numberPart: minted.numberPart,
      },
    });
    expect(metadataViolations(reply.json)).toEqual([]);
  });

  it('answers the same for upper-case hex digits and for the decimal token id', async () => {
    const first = await get(`/tokens/${hex(minted.id)}.json`);
    for (const spelling of [hex(minted.id).toUpperCase(), String(minted.id)]) {
      const reply = await get(`/tokens/${spelling}.json`);
      expect(reply.status, spelling).toBe(200);
      expect(reply.json).toEqual(first.json);
    }
  });

  it("names the plaque's own image, and no external_url when the stage names no frontend", async () => {
    const own = await aMintedPlaque({ image: `${ctx.mediaBaseUrl}/plaques/placeholder.png?own`, description: 'A plaque of its own' });
    ctx.frontendUrl = null;
    try {
      const reply = await get(`/tokens/${hex(own.id)}.json`);
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ image: own.image, description: 'A plaque of its own' });
      expect(reply.json).not.toHaveProperty('external_url');
      expect(metadataViolations(reply.json)).toEqual([]);
    } finally {
      ctx.frontendUrl = FRONTEND;
    }
  });

  it('answers 404 TOKEN_NOT_FOUND for a plaque not minted yet, a missing plaque, token id 0 and ids no plaque can hold', async () => {
    const sold = await storePlaque(ctx, { status: 'SOLD', saleAt: '2026-01-02T00:00:00.000Z' });
    const available = await storePlaque(ctx);
    for (const id of [BigInt(sold.id), BigInt(available.id), 999_999_999n, 0n, 2n ** 53n, 2n ** 256n - 1n]) {
      const reply = await get(`/tokens/${hex(id)}.json`);
      expect(reply.status, String(id)).toBe(404);
      expect(reply.json).toMatchObject({ status: 404, code: 'TOKEN_NOT_FOUND' });
    }
  });

  it('answers 404 TOKEN_NOT_FOUND for a MINTED plaque whose record names another token id', async () => {
    const other = await aMintedPlaque({ tokenId: '123456789' });
    expect((await get(`/tokens/${hex(other.id)}.json`)).json).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  // Any last segment that is not 64 hex digits or 1–63 decimal digits followed by `.json` is refused as a 400 naming `id`.
  it('answers 400 VALIDATION_FAILED naming id for anything that is not a token id file', async () => {
    const malformed = fc.oneof(
      fc.stringMatching(/^[0-9a-f]{1,63}[a-f][0-9a-f]{0,10}\.json$/).filter((s) => s.length !== 69),
      fc.stringMatching(/^[0-9]{64,80}\.json$/).filter((s) => s.length !== 69),
      fc.stringMatching(/^[0-9a-fA-F]{65,70}\.json$/),
      fc.stringMatching(/^[0-9]{1,63}(\.JSON|\.jsn|)$/),
      fc.constantFrom(`0x${hex(1)}.json`, '-1.json', '1.5.json', '.json', `${hex(1)}.json.json`, '1e3.json', ' 1.json'),
    );
    await fc.assert(
      fc.asyncProperty(malformed, async (segment) => {
        const reply = await get(`/tokens/${encodeURIComponent(segment)}`);
        expect(reply.status, segment).toBe(400);
        expect(reply.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'id' })] });
      }),
      { numRuns: 40 },
    );
  });
});

describe('GET /contract.json', () => {
  it("answers the collection's metadata, cacheable for 5 minutes", async () => {
    const reply = await get('/contract.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    expect(reply.json).toEqual({
      name: 'Plaques',
      description: expect.stringMatching(/\S/),
      image: `${ctx.mediaBaseUrl}/plaques/placeholder.png`,
      external_link: 'https://plaques.example',
    });
  });

  it("links the stage's own address when it names no frontend", async () => {
    ctx.frontendUrl = null;
    try {
      expect((await get('/contract.json')).json).toMatchObject({ external_link: 'https://api.plaques.example' });
    } finally {
      ctx.frontendUrl = FRONTEND;
    }
  });
});
