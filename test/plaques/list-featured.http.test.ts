// The featured listing over real HTTP through the local server: parameters, encodings and every error it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { PLACEHOLDER_IMAGE_KEY } from '#lib/media/placeholder.ts';
import { STATIC_MEDIA_DIR } from '#lib/media/static-media.ts';
import { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque, TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';

let server: LocalServer;

beforeAll(async () => {
  const ctx = await freshTable({ catalogStalenessMs: 0 });
  await insertPlaques(ctx, [
    aPlaque({ id: 1, alphabetPart: 'ABC', numberPart: '0042', condition: 'VIRGIN', price: 10, featuredAt: '2026-01-03T00:00:00.000Z' }),
    aPlaque({ id: 2, alphabetPart: 'ABD', numberPart: '0001', condition: 'USED', price: 20, featuredAt: '2026-01-02T00:00:00.000Z' }),
    aPlaque({
      id: 3,
      alphabetPart: 'XYZ',
      numberPart: '0100',
      condition: 'DAMAGED',
      marketplace: 'opensea',
      price: 30,
      featuredAt: '2026-01-01T00:00:00.000Z',
    }),
    aPlaque({ id: 4, alphabetPart: 'QQQ', numberPart: '0004', featured: false, featuredAt: null }),
  ]);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await server?.close();
});

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const ids = async (response: Response) => ((await response.json()) as { plaques: { id: number }[] }).plaques.map((p) => p.id);

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const problem = (await response.json()) as Record<string, unknown>;
  expect(problem).toMatchObject({ status, code, requestId: response.headers.get('x-request-id') });
  expect(problem.type).toMatch(/^https:\/\/errors\.plaques\.dev\//);
  expect(JSON.stringify(problem)).not.toMatch(/\bat .+\.ts:\d+|Exception|stack/);
  return problem;
}

describe('GET /plaques/featured', () => {
  it('lists featured plaques newest-featured first by default, with count and x-request-id', async () => {
    const response = await get('/plaques/featured');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const page = (await response.json()) as { count: number; plaques: Record<string, unknown>[]; nextCursor: null };
    expect(page.count).toBe(3);
    expect(page.plaques.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(page.nextCursor).toBeNull();
    expect(page.plaques[0]).toMatchObject({ name: 'ABC-0042', alphabetPart: 'ABC', numberPart: '0042', token_id: null, tokenId: null });
  });

  it('reads filters in JSON and in both bracket forms alike', async () => {
    const json = await ids(await get(`/plaques/featured?filters=${encodeURIComponent('{"condition":["VIRGIN","DAMAGED"]}')}`));
    const brackets = await ids(await get('/plaques/featured?filters[condition][]=VIRGIN&filters[condition][]=DAMAGED'));
    const indexed = await ids(await get('/plaques/featured?filters%5Bcondition%5D%5B0%5D=VIRGIN&filters%5Bcondition%5D%5B1%5D=DAMAGED'));
    expect(json).toEqual([1, 3]);
    expect(brackets).toEqual(json);
    expect(indexed).toEqual(json);
  });

  it('treats a plain string filter value as a one-item array and ANDs across members', async () => {
    expect(await ids(await get('/plaques/featured?filters[condition]=DAMAGED&filters[marketplace]=OPENSEA'))).toEqual([3]);
    expect(await ids(await get('/plaques/featured?filters[condition]=DAMAGED&filters[marketplace]=SERVICE'))).toEqual([]);
    expect(await ids(await get('/plaques/featured?filters[marketplace]=SERVICE&orderBy=p.id&sort=ASC'))).toEqual([1, 2]);
  });

  it('lists plaques that are not featured with filters[featured]=false', async () => {
    expect(await ids(await get('/plaques/featured?filters[featured]=false'))).toEqual([4]);
  });

  it('matches a case-insensitive substring of the name, and ignores an empty search', async () => {
    expect(await ids(await get('/plaques/featured?search=abc-00'))).toEqual([1]);
    expect(await ids(await get('/plaques/featured?search='))).toEqual([1, 2, 3]);
  });

  it('orders ascending case-insensitively and by price range inclusively', async () => {
    expect(await ids(await get('/plaques/featured?orderBy=p.id&sort=asc&filters[priceMin]=20&filters[priceMax]=30'))).toEqual([2, 3]);
  });

  it('ignores unknown top-level parameters', async () => {
    expect((await get('/plaques/featured?utm_source=mail')).status).toBe(200);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=1e1', 'limit'],
    ['limit=+5', 'limit'],
    ['skip=1e1', 'skip'],
    ['skip=-1', 'skip'],
    ['skip=10001', 'skip'],
    ['sort=UP', 'sort'],
    ['orderBy=p.price', 'orderBy'],
    ['filterBy=p.created_at', 'filterBy'],
    [`search=${'a'.repeat(65)}`, 'search'],
    ['filters[condition][]=SHINY', 'filters.condition'],
    ['filters[colour]=red', 'filters'],
    ['filters[featured]=yes', 'filters.featured'],
    ['filters[priceMin]=cheap', 'filters.priceMin'],
    ['filters[priceMin]=1e1', 'filters.priceMin'],
    // JSON text keeps JSON's types, as a POST body does.
    [`filters=${encodeURIComponent('{"priceMin":"5"}')}`, 'filters.priceMin'],
    [`filters=${encodeURIComponent('{"featured":"true"}')}`, 'filters.featured'],
    ['filters[from]=yesterday', 'filters.from'],
    ['filters[from]=2026-02-01&filters[to]=2026-01-01', 'filters.from'],
    ['filters={not json', 'filters'],
    ['filters=[1,2]', 'filters'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ])('answers 400 VALIDATION_FAILED naming the parameter for %s', async (query, path) => {
    const problem = await expectProblem(await get(`/plaques/featured?${query}`), 400, 'VALIDATION_FAILED');
    const errors = problem.errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toContain(path);
    expect(problem.detail).toContain(path);
  });

  it('answers 400 for over-deep or over-long query strings', async () => {
    await expectProblem(await get('/plaques/featured?filters[a][b][c][d][e]=1'), 400, 'VALIDATION_FAILED');
    await expectProblem(
      await get(`/plaques/featured?${Array.from({ length: 300 }, (_, i) => `p${i}=1`).join('&')}`),
      400,
      'VALIDATION_FAILED',
    );
    await expectProblem(
      await get(`/plaques/featured?filters[condition][]=${'VIRGIN&filters[condition][]='.repeat(120)}VIRGIN`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses a cursor reused with another query', async () => {
    const first = (await (await get('/plaques/featured?limit=1')).json()) as { nextCursor: string };
    const problem = await expectProblem(
      await get(`/plaques/featured?limit=1&sort=ASC&cursor=${encodeURIComponent(first.nextCursor)}`),
      400,
      'VALIDATION_FAILED',
    );
    expect((problem.errors as { path: string }[])[0]!.path).toBe('cursor');
  });
});

describe('POST /plaques/featured', () => {
  const post = (body: string, contentType = 'application/json') =>
    get('/plaques/featured', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('takes the same members in a JSON body', async () => {
    const response = await post(JSON.stringify({ filters: { condition: 'USED' }, limit: 5 }));
    expect(response.status).toBe(200);
    expect(await ids(response)).toEqual([2]);
  });

  it('lists with every default when the body is empty', async () => {
    expect(await ids(await get('/plaques/featured', { method: 'POST' }))).toEqual([1, 2, 3]);
  });

  it('answers 400 MALFORMED_JSON for a body that is not JSON', async () => {
    await expectProblem(await post('{"filters":'), 400, 'MALFORMED_JSON');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for another content type', async () => {
    await expectProblem(await post('limit=5', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for an oversized JSON body', async () => {
    await expectProblem(await post(JSON.stringify({ search: 'x'.repeat(70_000) })), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 400 when the body is not an object or a member has the wrong type', async () => {
    await expectProblem(await post('[1]'), 400, 'VALIDATION_FAILED');
    const problem = await expectProblem(await post('{"limit":"5","filters":{"featured":"true"}}'), 400, 'VALIDATION_FAILED');
    expect((problem.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['filters.featured', 'limit']);
  });
});

describe("the interface's enumerations and field types", () => {
  const post = (body: unknown) =>
    get('/plaques/featured', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it("answers records with the interface's values and types, as the published schema states them", async () => {
    const response = await get('/plaques/featured?orderBy=p.id&sort=ASC');
    const page = (await response.json()) as { plaques: Record<string, unknown>[] };
    expect(featuredPageSchema.schema().safeParse(page).success).toBe(true);
    expect(page.plaques.map((p) => [p.condition, p.marketplace, p.standard])).toEqual([
      ['VIRGIN', 'service', 'ERC-1155'],
      ['USED', 'service', 'ERC-1155'],
      ['DAMAGED', 'opensea', 'ERC-1155'],
    ]);
    for (const plaque of page.plaques) {
      expect(plaque).toMatchObject({
        image: TEST_PLACEHOLDER,
        description: '',
        contractAddress: TEST_CONTRACT,
        tokenId: null,
        token_id: null,
      });
    }
  });

  it('serves the placeholder image under /_media', async () => {
    const response = await get(`/_media/${PLACEHOLDER_IMAGE_KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readFileSync(join(STATIC_MEDIA_DIR, PLACEHOLDER_IMAGE_KEY)))).toBe(true);
    expect(imageSize(bytes)).toMatchObject({ type: 'png', width: 320, height: 200 });
  });

  const ALLOWED = {
    'filters.condition': 'must be one of VIRGIN, USED, DAMAGED, or an array of them',
    'filters.marketplace': 'must be one of SERVICE, OPENSEA, or an array of them',
  };

  it.each([
    ['filters[condition]=GOOD', 'filters.condition'],
    ['filters[condition][]=WORN', 'filters.condition'],
    ['filters[condition][0]=VIRGIN&filters[condition][1]=GOOD', 'filters.condition'],
    [`filters=${encodeURIComponent('{"condition":"WORN"}')}`, 'filters.condition'],
    [`filters=${encodeURIComponent('{"marketplace":["PRIMARY"]}')}`, 'filters.marketplace'],
    ['filters[marketplace]=SECONDARY', 'filters.marketplace'],
    ['filters[marketplace][]=SERVICE&filters[marketplace][]=PRIMARY', 'filters.marketplace'],
    ['filters[marketplace]=service', 'filters.marketplace'],
  ] as const)('answers 400 naming the member and the allowed values for %s', async (query, path) => {
    const problem = await expectProblem(await get(`/plaques/featured?${query}`), 400, 'VALIDATION_FAILED');
    expect(problem.errors).toEqual([{ path, message: ALLOWED[path] }]);
    expect(problem.detail).toContain(path);
  });

  it.each([
    [{ condition: 'GOOD' }, 'filters.condition'],
    [{ condition: ['VIRGIN', 'WORN'] }, 'filters.condition'],
    [{ marketplace: 'PRIMARY' }, 'filters.marketplace'],
    [{ marketplace: ['SECONDARY'] }, 'filters.marketplace'],
    [{ marketplace: 7 }, 'filters.marketplace'],
  ] as const)('answers 400 naming the member and the allowed values for the body filters %j', async (filters, path) => {
    const problem = await expectProblem(await post({ filters }), 400, 'VALIDATION_FAILED');
    expect(problem.errors).toEqual([{ path, message: ALLOWED[path] }]);
  });
});

describe('what the server answers itself', () => {
  it('answers 404 NOT_FOUND for an unknown route', async () => {
    await expectProblem(await get('/plaques/featured/nope'), 404, 'NOT_FOUND');
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a wrong method', async () => {
    const response = await get('/plaques/featured', { method: 'DELETE' });
    await expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET, POST');
  });

  it('answers 431 REQUEST_HEADERS_TOO_LARGE in the problem shape for headers over 16 KB', async () => {
    const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (done, fail) => {
        const req = httpRequest(`${server.url}/plaques/featured`, { headers: { 'x-filler': 'a'.repeat(17_000) } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: text }));
        });
        req.on('error', fail);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(headers['content-type']).toBe('application/problem+json');
    expect(headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(body)).toMatchObject({ status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' });
  });

  it('answers 431 for a request line over 16 KB', async () => {
    const response = await get(`/plaques/featured?search=${'a'.repeat(17_000)}`);
    await expectProblem(response, 431, 'REQUEST_HEADERS_TOO_LARGE');
  });

  it('keeps serving after refusing requests', async () => {
    expect((await get('/plaques/featured?limit=1')).status).toBe(200);
  });
});
