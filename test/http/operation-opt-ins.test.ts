// What an operation's declaration opts into, held to the document and to its handler: `idempotency: 'optional'` lists
// the optional Idempotency-Key, its 409s and Idempotent-Replayed; an `apiKey` operation not declared `keyScope: 'read'`
// answers 403 KEY_SCOPE_INSUFFICIENT; and the type checker refuses a handler that does not match its declaration.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#lib/http/openapi.ts';
import { routes } from '#lib/http/routes.ts';
import { httpHandler } from '#lib/http/handler.ts';
import { idempotencyKeys } from '#lib/http/idempotency.ts';
import { apiKeyPartner, readKeyPartner, signedInUser } from '#lib/http/principals.ts';
import { ok } from '#lib/http/response.ts';

type Json = Record<string, any>;
const document = openApiDocument() as Json;
const operationOf = (route: (typeof routes)[number]): Json => document.paths[route.path][route.method.toLowerCase()];
const codesAt = (op: Json, status: number): string[] =>
  op.responses[String(status)]?.content['application/problem+json'].schema.allOf[1].properties.code.enum ?? [];

describe('operation opt-ins in the document', () => {
  it('lists the optional Idempotency-Key, its 409s and Idempotent-Replayed on exactly the operations declaring it', () => {
    const declaring = routes.filter((r) => 'idempotency' in r && r.idempotency === 'optional').map((r) => r.operationId);
    expect(declaring).toEqual(expect.arrayContaining(['createApiKey', 'createWebhook', 'preparePlaque', 'rollApiKey']));
    for (const route of routes) {
      const op = operationOf(route);
      const header = (op.parameters as Json[]).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (!declaring.includes(route.operationId)) {
        // The buy's key is its own, required one.
        if (route.operationId !== 'buyPlaque') expect(header, route.operationId).toBeUndefined();
        continue;
      }
      expect(header, route.operationId).toMatchObject({ required: false });
      expect(codesAt(op, 409), route.operationId).toEqual(expect.arrayContaining(['IDEMPOTENCY_MISMATCH', 'REQUEST_IN_PROGRESS']));
      expect(op.responses['409'].headers['Retry-After'], route.operationId).toBeDefined();
      const success = Object.keys(op.responses).find((status) => status.startsWith('2'))!;
      expect(op.responses[success].headers['Idempotent-Replayed'], route.operationId).toBeDefined();
      expect(op.description, route.operationId).toContain('Idempotency-Key (optional)');
    }
  });

  it('answers 403 KEY_SCOPE_INSUFFICIENT on every API-key operation a read key may not call, and only there', () => {
    const readable = routes.filter((r) => r.auth === 'apiKey' && 'keyScope' in r && r.keyScope === 'read').map((r) => r.operationId);
    expect(readable).toEqual(expect.arrayContaining(['lookupPlaque', 'getPlaqueOwner', 'getOrder']));
    for (const route of routes) {
      const scoped = codesAt(operationOf(route), 403).includes('KEY_SCOPE_INSUFFICIENT');
      expect(scoped, route.operationId).toBe(route.auth === 'apiKey' && !readable.includes(route.operationId));
    }
  });
});

describe('handlers held to their declaration', () => {
  it('compiles only a handler whose key scope and idempotency match the manifest', () => {
    const run = async () => ok({});
    // Matching: prepare needs a sell key and the shared Idempotency-Key handling; lookup may take a read key.
    httpHandler({ operation: 'preparePlaque', principal: apiKeyPartner, idempotency: idempotencyKeys }, run);
    httpHandler({ operation: 'lookupPlaque', principal: readKeyPartner }, run);
    // @ts-expect-error prepare is declared idempotent: its handler must pass the shared handling.
    httpHandler({ operation: 'preparePlaque', principal: apiKeyPartner }, run);
    // @ts-expect-error a read key may not prepare: the handler must resolve a sell key.
    httpHandler({ operation: 'preparePlaque', principal: readKeyPartner, idempotency: idempotencyKeys }, run);
    // @ts-expect-error lookup is declared `keyScope: 'read'`: a sell-only resolver would refuse read keys.
    httpHandler({ operation: 'lookupPlaque', principal: apiKeyPartner }, run);
    // @ts-expect-error listing keys is not declared idempotent.
    httpHandler({ operation: 'listApiKeys', principal: signedInUser, idempotency: idempotencyKeys }, run);
    expect(true).toBe(true);
  });
});
