// The service's own operation: its OpenAPI document.
import * as z from 'zod/mini';
import { example, type Operation } from '#lib/http/operation.ts';
import { component } from '#lib/schema.ts';

const openApiDocumentSchema = component('OpenApiDocument', () =>
  z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
);

// prettier-ignore
export const serviceOperations = [
  {
    method: 'GET', path: '/openapi.json', operationId: 'getOpenApiDocument',
    handler: 'functions/system/openapi.ts', auth: 'none', principal: 'none',
    // Serves the document `npm run openapi` writes (lib/http/generated/openapi-document.ts): touches nothing.
    access: {},
    summary: 'This OpenAPI 3.1 document',
    description:
      'Generated from the route table and the zod schemas that validate requests, so it states every input rule the service ' +
      'enforces. Where the contract is silent, the decision taken is written in the operation it concerns.',
    tags: ['Service'],
    example: example([], () => ({})),
    responses: { 200: { description: 'The OpenAPI document', schema: openApiDocumentSchema } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
] as const satisfies readonly Operation[];
