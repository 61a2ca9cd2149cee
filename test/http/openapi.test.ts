// GET /openapi.json: a valid OpenAPI 3.1 document covering exactly the route table.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { routes } from '#lib/http/routes.ts';
import { LOCAL_DEFAULT_PORT } from '#lib/config.ts';
import { documentFor } from '#lib/http/document-servers.ts';
import { OPENAPI_DOCUMENT_JSON } from '#lib/http/generated/openapi-document.ts';
import { freshTable } from '../support/db.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ ctx: await freshTable(), port: 0 });
});
afterAll(async () => server?.close());

/** A request with a JSON body whatever its method (fetch sends none with GET). */
const sendWithBody = (method: string, url: string, body: string): Promise<{ status: number; body: string }> =>
  new Promise((done, fail) => {
    const sent = request(
      url,
      { method, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => done({ status: answer.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', fail);
    sent.end(body);
  });

describe('GET /openapi.json', () => {
  it('publishes a document that validates as OpenAPI 3.1', async () => {
    const response = await fetch(`${server.url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, any>;
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('names, in its local server entry, the port of the server it was fetched from', async () => {
    type Servers = { servers: { url: string; variables?: { port?: { default: string } } }[] };
    const local = (document: Servers) => document.servers.find((s) => s.url === 'http://127.0.0.1:{port}')!;
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as Servers;
    expect(local(served).variables!.port!.default).toBe(new URL(server.url).port);
    // Fetched through another host name (a stage's domain), the default stays PORT's.
    const elsewhere = JSON.parse(documentFor(OPENAPI_DOCUMENT_JSON, 'api.plaques.dev')) as Servers;
    expect(local(elsewhere).variables!.port!.default).toBe(String(LOCAL_DEFAULT_PORT));
  });

  it('answers 400 BODY_NOT_ALLOWED, as it documents, to a body sent to any public operation that takes none', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Record<string, any>;
    const bodiless = routes.filter((r) => r.auth.kind === 'none' && !r.request?.body);
    expect(bodiless.map((r) => r.operationId)).toEqual(expect.arrayContaining(['listFeaturedPlaques', 'evaluateEmailVerificationCode']));
    for (const route of bodiless) {
      const path = route.documentedPath.replace(/\{(\w+)\}/g, '1');
      const answer = await sendWithBody(route.method, server.url + path, JSON.stringify({ filters: { status: ['AVAILABLE'] } }));
      expect({ operation: route.operationId, status: answer.status }).toEqual({ operation: route.operationId, status: 400 });
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'BODY_NOT_ALLOWED' });
      const declared = document.paths[route.documentedPath][route.method.toLowerCase()].responses['400'];
      expect(JSON.stringify(declared), route.operationId).toContain('BODY_NOT_ALLOWED');
    }
  });

  it('describes every route of the route table and nothing else', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.documentedPath}`).sort());
  });

  it('documents the listing parameters from the same schema that validates them', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Record<string, any>;
    const parameters = document.paths['/plaques/featured'].get.parameters as { name: string; schema: Record<string, any> }[];
    const limit = parameters.find((p) => p.name === 'limit')!;
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    // JSON text, which a generated client can send (deepObject cannot carry the arrays inside filters).
    const filters = parameters.find((p) => p.name === 'filters') as unknown as { content: Record<string, { schema: Record<string, any> }> };
    expect(Object.keys(filters.content)).toEqual(['application/json']);
    expect(filters.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/FeaturedFilters' });
    expect(Object.keys(document.components.schemas.FeaturedFilters.properties)).toEqual([
      'condition',
      'marketplace',
      'status',
      'featured',
      'from',
      'to',
      'priceMin',
      'priceMax',
    ]);
  });
});
