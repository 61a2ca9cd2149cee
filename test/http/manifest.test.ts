// The operation manifest: each handler resolves the principal its entry declares, before reading any input, and the
// entries of one function agree on who may call it.
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
  const takesBody = route.method === 'POST' && route.principal !== 'none';
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
      if (route.principal === 'user') expect({ status, code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
      if (route.principal === 'partner') expect({ status, code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      if (route.principal === 'none') expect([401, 403]).not.toContain(status);
    },
  );

  it('pairs every auth kind with the principal it resolves', () => {
    const pairs = new Set(routes.map((r) => `${r.auth}:${r.principal}`));
    expect([...pairs].sort()).toEqual(['apiKey:partner', 'jwt:user', 'none:none']);
  });

  it('lets the operations of one function agree on their caller', () => {
    for (const fn of functionManifest()) {
      expect(new Set(fn.routes.map((r) => r.principal)).size, fn.handler).toBeLessThanOrEqual(1);
    }
  });

  it('documents every operation with a summary, a description, a tag and a success answer', () => {
    for (const route of routes) {
      expect(route.summary, route.operationId).toBeTruthy();
      expect(route.description, route.operationId).toBeTruthy();
      expect(route.tags.length, route.operationId).toBeGreaterThan(0);
      expect(
        Object.keys(route.responses).some((status) => Number(status) < 300),
        route.operationId,
      ).toBe(true);
    }
  });
});
