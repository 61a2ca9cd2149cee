// The declaration of getOpenApiDocument: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { serviceTag } from '#lib/http/operations/system/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { openApiDocumentSchema } from '#lib/http/response-schemas.ts';

export const getOpenApiDocument = operation({
  method: 'GET',
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  auth: publicAccess,
  // Serves the document `npm run openapi` writes (lib/http/generated/openapi-document.ts): touches nothing.
  access: {},
  summary: 'This OpenAPI 3.1 document',
  description:
    'Generated from the route table and the zod schemas that validate requests, so it states every input rule the service ' +
    'enforces. Where the contract is silent, the decision taken is written in the operation it concerns.',
  tag: serviceTag,
  example: example([], () => ({})),
  responses: {
    200: {
      description: 'The OpenAPI document',
      schema: shapeNamed<typeof openApiDocumentSchema>('OpenApiDocument'),
    },
  },
});
