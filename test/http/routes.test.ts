// The route table: matching, method lists and the promise that every entry has a handler module exporting `handler`.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { functionManifest, matchRoute, routes } from '#lib/http/routes.ts';

describe('route table', () => {
  it('matches a path parameter and decodes it', () => {
    const match = matchRoute('GET', '/partner/plaques/42/lookup');
    expect(match).toMatchObject({ kind: 'found', pathParameters: { id: '42' } });
    expect(matchRoute('GET', '/partner/orders/ord%5F1')).toMatchObject({ pathParameters: { orderId: 'ord_1' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('PUT', '/plaques/featured')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] });
    expect(matchRoute('GET', '/plaques/featured/extra')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/.well-known/jwksXjson')).toEqual({ kind: 'not-found' });
  });

  it('has one entry per method and path, and a unique operationId each', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(routes.map((r) => r.operationId)).size).toBe(routes.length);
  });

  it('points every entry, and every function no route leads to, at a handler module that exports handler', async () => {
    for (const module of functionManifest().map((fn) => fn.handler)) {
      expect(existsSync(module), module).toBe(true);
      const loaded = (await import(/* @vite-ignore */ `../../${module}`)) as { handler?: unknown };
      expect(typeof loaded.handler, module).toBe('function');
    }
  });
});
