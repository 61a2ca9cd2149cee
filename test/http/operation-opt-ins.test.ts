// What an operation's declaration opts into, held to the document: `idempotency` lists the Idempotency-Key (optional,
// or required as the buy's), its 409s and Idempotent-Replayed; an `apiKey` operation of a `sell` key answers 403 KEY_SCOPE_INSUFFICIENT. How the
// compiler holds a handler to its declaration is test/http/handler-types.test-d.ts.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#lib/http/openapi.ts';
import { routes } from '#lib/http/routes.ts';

type Json = Record<string, any>;
const document = openApiDocument() as Json;
const operationOf = (route: (typeof routes)[number]): Json => document.paths[route.documentedPath][route.method.toLowerCase()];
const codesAt = (op: Json, status: number): string[] =>
  op.responses[String(status)]?.content['application/problem+json'].schema.allOf[1].properties.code.enum ?? [];

describe('operation opt-ins in the document', () => {
  it('lists the Idempotency-Key, its 409s and Idempotent-Replayed on exactly the operations declaring it', () => {
    const declaring = routes.filter((r) => r.idempotency !== undefined).map((r) => r.operationId);
    expect(declaring).toEqual(expect.arrayContaining(['buyPlaque', 'createApiKey', 'createWebhook', 'preparePlaque', 'rollApiKey']));
    for (const route of routes) {
      const op = operationOf(route);
      const header = (op.parameters as Json[]).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (!declaring.includes(route.operationId)) {
        expect(header, route.operationId).toBeUndefined();
        continue;
      }
      const required = route.idempotency!.mode === 'required';
      expect(header, route.operationId).toMatchObject({ required });
      expect(codesAt(op, 409), route.operationId).toEqual(expect.arrayContaining(['IDEMPOTENCY_MISMATCH', 'REQUEST_IN_PROGRESS']));
      expect(op.responses['409'].headers['Retry-After'], route.operationId).toBeDefined();
      const success = Object.keys(op.responses).find((status) => status.startsWith('2'))!;
      expect(op.responses[success].headers['Idempotent-Replayed'], route.operationId).toBeDefined();
      // The buy documents its own rules (it also replays its definitive refusals); the creates share one paragraph.
      if (!required) expect(op.description, route.operationId).toContain('Idempotency-Key (optional)');
    }
  });

  it('answers 403 KEY_SCOPE_INSUFFICIENT on every API-key operation a read key may not call, and only there', () => {
    const readable = routes.filter((r) => r.auth.kind === 'apiKey' && r.auth.scope === 'read').map((r) => r.operationId);
    expect(readable).toEqual(expect.arrayContaining(['lookupPlaque', 'getPlaqueOwner', 'getOrder']));
    for (const route of routes) {
      const scoped = codesAt(operationOf(route), 403).includes('KEY_SCOPE_INSUFFICIENT');
      expect(scoped, route.operationId).toBe(route.auth.kind === 'apiKey' && !readable.includes(route.operationId));
    }
  });
});
