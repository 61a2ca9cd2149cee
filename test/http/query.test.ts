// Query-string parsing by the declarations (lib/http/read-input.ts): the three encodings of filters and a JSON body
// agree, numbers are read by one rule on every operation, and no query string, however odd, gets a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { handler } from '#functions/plaques/list-featured.ts';
import { AppError } from '#lib/errors.ts';
import { MAX_QUERY_LENGTH, parseNestedQuery } from '#lib/http/nested-query.ts';
import { flatQuery } from '#lib/http/query.ts';
import { readInput } from '#lib/http/read-input.ts';
import type { RequestView } from '#lib/http/operation.ts';
import { routes } from '#lib/http/routes.ts';
import { listFeaturedPlaques, searchFeaturedPlaques } from '#lib/http/operations/plaques/list-featured.ts';
import { CONDITIONS, MARKETPLACE_FILTERS, STATUSES } from '#lib/plaques/plaque.ts';
import { freshTable } from '../support/db.ts';
import { invoke } from '../support/events.ts';

/** A request as the handler stack hands it to the reader: the query string as API Gateway decodes it, and a parsed body. */
function viewOf({ query = {}, body }: { query?: Record<string, string[]>; body?: unknown }): RequestView {
  return {
    method: 'GET',
    headers: {},
    query: flatQuery(query),
    pathParameters: {},
    body,
    event: { multiValueQueryStringParameters: query } as unknown as RequestView['event'],
  };
}

const fromQuery = (query: Record<string, string[]>) => readInput(listFeaturedPlaques.request, viewOf({ query }));
const fromBody = (body: unknown) => readInput(searchFeaturedPlaques.request, viewOf({ body }));

const filtersArb = fc
  .record(
    {
      condition: fc.subarray([...CONDITIONS], { minLength: 1 }),
      marketplace: fc.subarray([...MARKETPLACE_FILTERS], { minLength: 1 }),
      status: fc.subarray([...STATUSES], { minLength: 1 }),
      featured: fc.boolean(),
      priceMin: fc.integer({ min: 0, max: 50 }),
      priceMax: fc.integer({ min: 50, max: 5000 }),
    },
    { requiredKeys: [] },
  )
  .filter((f) => Object.keys(f).length > 0);

function bracketPairs(filters: Record<string, unknown>, indexed: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (Array.isArray(value)) value.forEach((v, i) => (out[`filters[${name}][${indexed ? i : ''}]`] ??= []).push(String(v)));
    else out[`filters[${name}]`] = [String(value)];
  }
  return out;
}

describe('query parsing', () => {
  // Invariant: JSON text, bracket form, indexed bracket form and a JSON body all mean the same filters.
  it('reads filters identically in every encoding', () => {
    fc.assert(
      fc.property(filtersArb, fc.integer({ min: 1, max: 100 }), (filters, limit) => {
        const viaJson = fromQuery({ filters: [JSON.stringify(filters)], limit: [String(limit)] });
        const viaBrackets = fromQuery({ ...bracketPairs(filters, false), limit: [String(limit)] });
        const viaIndexed = fromQuery({ ...bracketPairs(filters, true), limit: [String(limit)] });
        const viaBody = fromBody({ filters, limit });
        const viaBodyText = fromBody({ filters: JSON.stringify(filters), limit });
        expect(viaBrackets).toEqual(viaJson);
        expect(viaIndexed).toEqual(viaJson);
        expect(viaBody).toEqual(viaJson);
        expect(viaBodyText).toEqual(viaJson);
      }),
    );
  });

  // Invariant: whatever the names and values, parsing either succeeds or refuses with a 400 AppError.
  it('refuses odd query strings with 400, never anything else', () => {
    const name = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('filters', 'filters[', 'filters[]', 'filters[[x]]', '__proto__', 'filters[__proto__][x]', 'limit', 'a[b][c][d][e]'),
    );
    fc.assert(
      fc.property(fc.dictionary(name, fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 3 })), (query) => {
        try {
          fromQuery(query);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(400);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('nested query limits', () => {
  const refusal = (query: Record<string, string[]>) => {
    try {
      parseNestedQuery(query);
    } catch (error) {
      return error instanceof AppError ? { status: error.status, code: error.code } : error;
    }
    return 'parsed';
  };
  const refused = { status: 400, code: 'VALIDATION_FAILED' };
  const many = (count: number) => Array.from({ length: count }, (_, i) => String(i));

  it('builds nested objects and arrays from bracket names, in index order, a repeated name collecting its values', () => {
    expect(
      parseNestedQuery({
        'filters[condition][1]': ['USED'],
        'filters[condition][0]': ['VIRGIN'],
        'filters[featured]': ['true'],
        tag: ['a', 'b'],
      }),
    ).toEqual({ filters: { condition: ['VIRGIN', 'USED'], featured: 'true' }, tag: ['a', 'b'] });
    expect(parseNestedQuery({ 'a[b][c][d]': ['x'] })).toEqual({ a: { b: { c: { d: 'x' } } } });
  });

  it('never sets a prototype from the query', () => {
    const parsed = parseNestedQuery({ '__proto__[polluted]': ['yes'], 'filters[__proto__][polluted]': ['yes'] });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((parsed['filters'] as Record<string, unknown> | undefined)?.['polluted']).toBeUndefined();
  });

  it('refuses with 400 more than three levels of brackets', () => {
    expect(refusal({ 'a[b][c][d][e]': ['x'] })).toEqual(refused);
  });

  it('refuses with 400 an array index from 100 on and more than 100 values for one name', () => {
    expect(refusal({ 'a[99]': ['x'] })).toBe('parsed');
    expect(refusal({ 'a[100]': ['x'] })).toEqual(refused);
    expect(refusal({ 'a[]': many(100) })).toBe('parsed');
    expect(refusal({ 'a[]': many(101) })).toEqual(refused);
    expect(refusal({ a: many(101) })).toEqual(refused);
  });

  it('refuses with 400 more than 200 parameters and a query string over 8192 characters', () => {
    expect(refusal(Object.fromEntries(many(200).map((i) => [`p${i}`, ['x']])))).toBe('parsed');
    expect(refusal(Object.fromEntries(many(201).map((i) => [`p${i}`, ['x']])))).toEqual(refused);
    expect(refusal({ search: ['x'.repeat(MAX_QUERY_LENGTH - 'search='.length)] })).toBe('parsed');
    expect(refusal({ search: ['x'.repeat(MAX_QUERY_LENGTH)] })).toEqual(refused);
  });
});

describe('flat query', () => {
  it('gives one string per name, an array for a repeated name, and leaves brackets alone', () => {
    expect({ ...flatQuery({ email: ['a@b.co'], tag: ['x', 'y'], 'filters[a]': ['1'] }) }).toEqual({
      email: 'a@b.co',
      tag: ['x', 'y'],
      'filters[a]': '1',
    });
    expect({ ...flatQuery(null) }).toEqual({});
  });
});

describe('listing handler with arbitrary queries', () => {
  beforeAll(async () => {
    await freshTable();
  });

  // Invariant: the listing answers any query string with 200 or 400 problem+json.
  it('answers 200 or 400, never 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('{"condition":"VIRGIN"}', '{', 'true', '-1', '1e3', 'p.id', 'asc', '2026-01-01'),
    );
    const key = fc.constantFrom(
      'filters',
      'filters[condition][]',
      'filters[featured]',
      'filters[from]',
      'filters[to]',
      'filterBy',
      'search',
      'orderBy',
      'sort',
      'limit',
      'skip',
      'cursor',
      'x',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, fc.array(value, { minLength: 1, maxLength: 2 })), async (query) => {
        const response = await invoke(handler, { path: '/plaques/featured', query });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json).toMatchObject({ code: 'VALIDATION_FAILED' });
      }),
      { numRuns: 200 },
    );
  });

  // Invariant: one rule for numbers in a query string, on every operation that reads one (lib/validation.ts): an integer
  // member reads decimal digits with an optional minus sign as its number, and any other text is left for its schema to
  // refuse, naming the member.
  it('reads a number in any query string by the same rule: decimal digits and a sign, no exponent', () => {
    // The query part of each declaration alone: its path parameters and body are not what is read here.
    const queryOf = (route: (typeof routes)[number]) => ({ ...route.request, path: undefined, headers: undefined, body: undefined });
    const readsNumber = (route: (typeof routes)[number], name: string) => {
      try {
        return readInput(queryOf(route), viewOf({ query: { [name]: ['1'] } }))?.[name] === 1;
      } catch {
        return false;
      }
    };
    const integers = routes.flatMap((route) => {
      const shape = (route.request?.query as unknown as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape ?? {};
      return Object.entries(shape)
        .filter(([name]) => readsNumber(route, name))
        .map(([name, schema]) => ({ route, name, schema }));
    });
    expect(integers.map(({ route, name }) => `${route.operationId}.${name}`)).toEqual(
      expect.arrayContaining(['listFeaturedPlaques.limit', 'listFeaturedPlaques.skip', 'listOrders.limit', 'getUsage.days']),
    );
    const text = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.constantFrom('05', '007', '1e1', '1E1', '+5', '0x10', ' 5', '5 ', '1.0', '-0', '', '١٢'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...integers), text, ({ route, name, schema }, raw) => {
        const read = /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
        const expected = schema.safeParse(read);
        let outcome: unknown;
        try {
          outcome = readInput(queryOf(route), viewOf({ query: { [name]: [raw] } }))?.[name];
        } catch (error) {
          outcome = error instanceof AppError ? error.errors?.map((e) => e.path) : error;
        }
        expect(outcome, `${route.operationId}.${name}=${raw}`).toEqual(expected.success ? expected.data : [name]);
      }),
      { numRuns: 300 },
    );
  });
});
