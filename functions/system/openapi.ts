// GET /openapi.json: the OpenAPI 3.1 document, generated from the route table and the request schemas.
import { httpHandler } from '#lib/http/handler.ts';
import { openApiDocument } from '#lib/http/openapi.ts';
import { ok } from '#lib/http/response.ts';

let document: unknown;

export const handler = httpHandler({ operation: 'getOpenApiDocument', body: 'none' }, async () => {
  document ??= openApiDocument();
  return ok(document);
});
