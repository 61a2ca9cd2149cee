// GET /openapi.json: the OpenAPI 3.1 document, written from the manifest and the request schemas by `npm run openapi`
// (lib/http/write-openapi-document.ts) and served as that text; a local server's document names its own port.
import { httpHandler } from '#lib/http/handler.ts';
import { documentFor } from '#lib/http/document-servers.ts';
import { OPENAPI_DOCUMENT_JSON } from '#lib/http/generated/openapi-document.ts';
import { getOpenApiDocument } from '#lib/http/operations/system/openapi.ts';
import { jsonText, ok } from '#lib/http/response.ts';

export const handler = httpHandler(getOpenApiDocument, async ({ request }) =>
  ok(jsonText(documentFor(OPENAPI_DOCUMENT_JSON, request.headers.host))),
);
