// The operation manifest: each handler resolves the caller its declaration names, before reading any input; the
// entries of one function agree on who may call it; and the manifest is the folder of declarations, each served by the
// handler of the same area and name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { functionManifest, routes, type Route } from '#lib/http/routes.ts';
import { freshTable } from '../support/db.ts';
import { anEvent, aLambdaContext } from '../support/events.ts';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const loadHandler = async (module: string): Promise<Handler> =>
  ((await import(/* @vite-ignore */ `../../${module}`)) as { handler: Handler }).handler;

/** A request with no credentials at all: no authorizer context, no API key. */
async function anonymousCall(route: Route): Promise<{ status: number; code?: string }> {
  const handler = await loadHandler(route.handler);
  const path = route.path.replace(/\{(\w+)\}/g, '1');
  const pathParameters = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '1']));
  // A body the operation would refuse, where it takes one: the caller must be refused first.
  const takesBody = route.method === 'POST' && route.auth.kind !== 'none';
  const result = await handler(
    anEvent({
      method: route.method,
      path,
      pathParameters,
      ...(takesBody && { body: '{"unknownMember":true}', headers: { 'content-type': 'application/json' } }),
    }),
    aLambdaContext(),
  );
  return { status: result.statusCode, code: result.body ? (JSON.parse(result.body) as { code?: string }).code : undefined };
}

beforeAll(async () => {
  await freshTable();
});

describe('the operation manifest', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s resolves the principal its entry declares before anything else',
    async (_name, route) => {
      const { status, code } = await anonymousCall(route);
      if (route.auth.kind === 'jwt') expect({ status, code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
      if (route.auth.kind === 'apiKey') expect({ status, code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      // Either a key or a token: a request with neither is asked to sign in.
      if (route.auth.kind === 'jwtOrApiKey') expect({ status, code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
      if (route.auth.kind === 'none') expect([401, 403]).not.toContain(status);
    },
  );

  it('resolves a caller for every auth kind but the public one', () => {
    for (const route of routes) expect(route.auth.resolve === undefined, route.operationId).toBe(route.auth.kind === 'none');
  });

  it('lets the operations of one function agree on their caller', () => {
    for (const fn of functionManifest()) {
      expect(new Set(fn.routes.map((r) => r.auth)).size, fn.handler).toBeLessThanOrEqual(1);
    }
  });

  it('reads every declaration of lib/http/operations/, each served by the handler of its area and name', () => {
    const declared = readdirSync('lib/http/operations', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && /\boperation\(\{/.test(readFileSync(`lib/http/operations/${file}`, 'utf8')))
      .map((file) => `functions/${file}`)
      .sort();
    expect([...new Set(routes.map((route) => route.handler))].sort()).toEqual(declared);
    for (const handler of declared) {
      expect(existsSync(handler), handler).toBe(true);
      // The handler imports its own declaration, and no other.
      const imported = [...readFileSync(handler, 'utf8').matchAll(/'#lib\/http\/operations\/([\w/-]+\.ts)'/g)].map((m) => m[1]);
      expect(imported, handler).toEqual([handler.slice('functions/'.length)]);
    }
  });

  it('gives every operation an id of its own', () => {
    const ids = routes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every operation with a summary, a description, a tag and a success answer', () => {
    for (const route of routes) {
      expect(route.summary, route.operationId).toBeTruthy();
      expect(route.description, route.operationId).toBeTruthy();
      expect(route.tag.name, route.operationId).toBeTruthy();
      expect(
        Object.keys(route.responses).some((status) => Number(status) < 300),
        route.operationId,
      ).toBe(true);
    }
  });
});
