// The document GET /openapi.json serves is the one the manifest and the schemas give today: `npm run openapi` wrote it
// after the last change of an operation or a schema, and the client package's types of it with it.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_JSON } from '#lib/http/generated/openapi-document.ts';
import { openApiDocument } from '#lib/http/openapi.ts';
import { CLIENT_TYPES_MODULE, clientTypesText, DOCUMENT_MODULE, documentModuleText } from '#lib/http/write-openapi-document.ts';
import { handler } from '#functions/system/openapi.ts';
import { invoke } from '../support/events.ts';

describe('the published OpenAPI document', () => {
  it('is what the manifest and the schemas give (else run npm run openapi)', async () => {
    const written = await readFile(DOCUMENT_MODULE, 'utf8');
    expect(written === documentModuleText(), 'lib/http/generated/openapi-document.ts is out of date: run `npm run openapi`').toBe(true);
    expect(OPENAPI_DOCUMENT_JSON).toBe(JSON.stringify(openApiDocument()));
  });

  it("gives the client package's types of every operation (else run npm run openapi)", async () => {
    const written = await readFile(CLIENT_TYPES_MODULE, 'utf8');
    expect(written === (await clientTypesText()), 'packages/client/src/generated/api.ts is out of date: run `npm run openapi`').toBe(true);
    // The client sends the key itself: required by the document, optional to the client's caller.
    expect(written).toContain('"POST /partner/plaques/{id}/buy"');
    expect(written).toMatch(/"Idempotency-Key"\?: string/);
    expect(written).not.toMatch(/"Idempotency-Key": string/);
  });

  it('is served as written, as JSON', async () => {
    const result = await invoke(handler, { method: 'GET', path: '/openapi.json' });
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toBe('application/json');
    expect(result.body).toBe(OPENAPI_DOCUMENT_JSON);
    expect(result.json).toEqual(openApiDocument());
  });
});
