// Request data named like Object.prototype's members (`constructor`, `__proto__`, `toString`, …) is just data: as query
// keys, repeated query keys, header names, JSON body members (top level, nested, `__proto__` as a literal key),
// featured-listing filter members and multipart part names, the local server never answers 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { multipart, signInOverHttp } from '../accounts/flows.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';

let server: LocalServer;
let ctx: AppContext;
let token: string;

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  ctx.mediaBaseUrl = `${server.url}/_media`;
  await startCodeMail(ctx);
  ({ token } = await signInOverHttp(server.url, ctx.dataDir, `prototype-names-${process.pid}@example.com`));
});
afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

/** What every object inherits, before any request: no request may add to it (the server runs in this process). */
const inherited = Object.getOwnPropertyNames(Object.prototype).sort();
afterAll(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(inherited);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

/** Every name an ordinary object inherits, `__proto__` first. */
const NAMES = Object.getOwnPropertyNames(Object.prototype).sort((a, b) => (a === '__proto__' ? -1 : b === '__proto__' ? 1 : 0));
const aName = fc.constantFrom(...NAMES);
const someNames = fc.uniqueArray(aName, { minLength: 1, maxLength: 3 });
const aValue = fc.oneof(fc.constantFrom('x', '', '1', 'true', 'VIRGIN', '[]', '{}'), fc.string({ maxLength: 8 }));
const aJsonValue = fc.oneof(
  aValue,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(['VIRGIN']),
  fc.constant({ polluted: true }),
);
/** Runs per property: enough to meet every name in every shape several times, few enough to stay quick. */
const RUNS = { numRuns: 60 };

/** A JSON object text with these members in order; literal, so `"__proto__"` is an own member as a client sends it. */
const jsonObject = (members: [string, string][]): string =>
  `{${members.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`;

async function expectNo5xx(response: Response, what: string): Promise<void> {
  const body = await response.text();
  expect(response.status, `${what} → ${response.status} ${body}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), what).toBe('application/problem+json');
    expect(JSON.parse(body), what).toMatchObject({ status: response.status, code: expect.stringMatching(/^[A-Z_]+$/) });
  }
}

const query = (pairs: [string, string][]) => pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('built-in property names in requests', () => {
  it('are plain names as query keys, repeated or not, on the listing, the code evaluation and a signed-in read', async () => {
    await fc.assert(
      fc.asyncProperty(
        someNames,
        fc.array(aValue, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('/plaques/featured', '/auth/evaluate-email-verification-code', '/auth/profile', '/partner/orders'),
        async (names, values, path) => {
          const pairs = names.flatMap((name) => values.map((value): [string, string] => [name, value]));
          const url = `${server.url}${path}?${query(pairs)}`;
          await expectNo5xx(await fetch(url, { headers: { authorization: `Bearer ${token}` } }), url);
        },
      ),
      RUNS,
    );
  });

  it('are plain names as featured-listing filter members, in bracket form, in JSON text and in a POST body', async () => {
    await fc.assert(
      fc.asyncProperty(someNames, aValue, fc.boolean(), async (names, value, indexed) => {
        const bracket = query(names.map((name): [string, string] => [`filters[${name}]${indexed ? '[0]' : ''}`, value]));
        const members = jsonObject(names.map((name) => [name, JSON.stringify(value)]));
        for (const [what, response] of [
          [`GET ?${bracket}`, await fetch(`${server.url}/plaques/featured?${bracket}`)],
          [`GET ?filters=${members}`, await fetch(`${server.url}/plaques/featured?${query([['filters', members]])}`)],
          [`POST filters ${members}`, await postJson('/plaques/featured', jsonObject([['filters', members]]))],
          [`POST filters text ${members}`, await postJson('/plaques/featured', jsonObject([['filters', JSON.stringify(members)]]))],
        ] as const) {
          await expectNo5xx(response, what);
        }
      }),
      RUNS,
    );
  });

  it('are plain names as header names, repeated or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        someNames,
        aValue.filter((v) => /^[\x21-\x7e]*$/.test(v)),
        fc.constantFrom('/plaques/featured', '/auth/profile', '/partner/api-keys', '/partner/orders/o-1'),
        async (names, value, path) => {
          const headers = new Headers({ authorization: `Bearer ${token}` });
          for (const name of names) {
            headers.append(name, value);
            headers.append(name, `${value}2`);
          }
          await expectNo5xx(await fetch(`${server.url}${path}`, { headers }), `${path} with headers ${names.join(', ')}`);
        },
      ),
      RUNS,
    );
  });

  it('are plain names as JSON body members, top level and nested, on every JSON operation', async () => {
    const targets = [
      '/plaques/featured',
      '/auth/email-verification-code',
      '/auth/evaluate-email-verification-code',
      '/auth/login',
      '/partner/api-keys',
      '/partner/webhooks',
    ];
    await fc.assert(
      fc.asyncProperty(someNames, aJsonValue, fc.constantFrom(...targets), fc.boolean(), async (names, value, path, nested) => {
        const inner = jsonObject(names.map((name) => [name, JSON.stringify(value)]));
        const body = nested
          ? jsonObject([
              ['email', '"a@example.com"'],
              ['filters', inner],
              [names[0]!, inner],
            ])
          : jsonObject([['email', '"a@example.com"'], ...names.map((name): [string, string] => [name, JSON.stringify(value)])]);
        await expectNo5xx(await postJson(path, body, { authorization: `Bearer ${token}` }), `POST ${path} ${body}`);
      }),
      RUNS,
    );
  });

  it('are plain names as multipart part names of the profile update', async () => {
    await fc.assert(
      fc.asyncProperty(someNames, aValue, fc.boolean(), async (names, value, asFile) => {
        const form = multipart(
          names.map((name) => (asFile ? { name, file: Buffer.from(value || 'x'), filename: 'a.png' } : { name, value })),
        );
        const response = await fetch(`${server.url}/auth/profile`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
          body: form.body,
        });
        expect(response.status).toBe(400);
        await expectNo5xx(response, `parts ${names.join(', ')}`);
      }),
      RUNS,
    );
  });
});
