// Every declared path parameter as the OpenAPI document states it: a validating proxy reading the document accepts
// the values the service accepts and refuses those it refuses. For each parameter the document's schema (ajv) and the
// zod schema that validates requests judge the same samples: values its pattern generates, the same with a sign, a
// leading zero, an exponent or a space, and any text. A rule a schema cannot state (an address's checksum) is named in
// the parameter's description. Then a few values over HTTP, against the local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type * as z from 'zod/mini';
import { getAddress } from 'viem';
import { openApiDocument } from '#lib/http/openapi.ts';
import { routes, type Route } from '#lib/http/routes.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { freshTable } from '../support/db.ts';

type Json = Record<string, any>;

const document = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false });

/** Rules beyond the documented schema, by parameter name: what the description must say, and the rule itself. */
const STATED_IN_WORDS: Record<string, { says: RegExp; holds: (raw: string) => boolean }> = {
  address: { says: /checksum/, holds: (raw) => raw === raw.toLowerCase() || raw === getAddress(raw) },
};

interface PathParameter {
  operation: string;
  method: string;
  path: string;
  name: string;
  zod: z.ZodMiniType;
  schema: Json;
  description: string;
}

const parameters: PathParameter[] = (routes as readonly Route[]).flatMap((route) =>
  Object.entries(route.request?.path ?? {}).map(([name, declared]) => {
    const documented = (document.paths[route.documentedPath][route.method.toLowerCase()].parameters as Json[]).find(
      (p) => p.in === 'path' && p.name === name,
    )!;
    return {
      operation: route.operationId,
      method: route.method,
      path: route.path,
      name,
      zod: declared.schema,
      schema: documented.schema as Json,
      description: `${documented.description} ${documented.schema.description ?? ''}`,
    };
  }),
);

/** Values around what the pattern (if any) generates: as generated, and spoilt in the ways a client spoils an id. */
const samples = (schema: Json): fc.Arbitrary<string> => {
  const base = schema.pattern ? fc.stringMatching(new RegExp(schema.pattern as string)) : fc.string({ minLength: 1, maxLength: 20 });
  const spoilt = fc
    .tuple(base, fc.constantFrom('+', '-', '0', ' ', '', '00'), fc.constantFrom('e1', '.0', ' ', '', 'x', '\u0000'))
    .map(([value, before, after]) => `${before}${value}${after}`);
  return fc.oneof(base, spoilt, fc.string({ maxLength: 140 }), fc.integer().map(String));
};

describe('path parameters in the OpenAPI document', () => {
  it('has a pattern for every path parameter the service reads as a number or a fixed form', () => {
    const patterned = parameters.filter((p) => p.schema.pattern).map((p) => `${p.path} ${p.name}`);
    expect(patterned).toEqual(
      expect.arrayContaining([
        '/plaques/{id} id',
        '/partner/plaques/{id}/buy id',
        '/plaques/by-name/{name} name',
        '/wallets/{address}/plaques address',
        '/tokens/{id} id',
      ]),
    );
    for (const p of parameters.filter((p) => /plaques\/\{id\}/.test(p.path))) expect(p.schema).toMatchObject({ type: 'string' });
  });

  // The document's schema and the service's judge every sample alike, but for the rules the description names.
  it.each(parameters.map((p) => [`${p.method} ${p.path} ${p.name}`, p] as const))('states %s as the service checks it', (_, p) => {
    const documented = ajv.compile(p.schema);
    const words = STATED_IN_WORDS[p.name];
    if (words) expect(p.description).toMatch(words.says);
    fc.assert(
      fc.property(samples(p.schema), (raw) => {
        const service = p.zod.safeParse(raw).success;
        const proxy = documented(raw);
        // Refused by the service and admitted by the document only for a rule the description names.
        expect(service ? proxy : !proxy || (words !== undefined && !words.holds(raw)), JSON.stringify(raw)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('path parameters over HTTP', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer({ ctx: await freshTable(), port: 0 });
  });
  afterAll(async () => server?.close());

  const get = (path: string) => fetch(`${server.url}${path}`);

  it.each([
    ['/plaques/007', 400],
    ['/plaques/+7', 400],
    ['/plaques/-7', 400],
    ['/plaques/7e0', 400],
    ['/plaques/0', 400],
    ['/plaques/1000000000000000', 400],
    ['/plaques/7', 404],
    ['/plaques/999999999999999', 404],
    ['/tokens/7e1.json', 400],
    ['/tokens/+7.json', 400],
    [`/tokens/${'0'.repeat(63)}7.json`, 404],
    ['/tokens/7.json', 404],
    ['/plaques/by-name/ABC-042', 400],
    ['/plaques/by-name/abc-0042', 404],
  ] as const)('answers GET %s with %i, as the document says', async (path, status) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    const [, , id] = /^\/(plaques|tokens)\/(?:by-name\/)?(.+?)(?:\.json)?$/.exec(path)!;
    const parameter = parameters.find(
      (p) =>
        p.method === 'GET' &&
        p.path === (path.includes('by-name') ? '/plaques/by-name/{name}' : path.startsWith('/tokens') ? '/tokens/{id}' : '/plaques/{id}'),
    )!;
    // The document's token path writes `.json` itself: its parameter is the id alone.
    const value = decodeURIComponent(id!);
    expect(ajv.validate(parameter.schema, value), value).toBe(status !== 400);
    if (status === 400) expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: parameter.name }] });
  });
});
