// OpenAPI description of the service's own operation: the document itself. Plain data; the route table carries it.
import type { OperationDoc } from '#lib/http/operation-doc.ts';

export const serviceOperationDocs = {
  getOpenApiDocument: {
    summary: 'This OpenAPI 3.1 document',
    description:
      'Generated from the route table and the zod schemas that validate requests, so it states every input rule the service ' +
      'enforces. Where the contract is silent, the decision taken is written in the operation it concerns.',
    tags: ['Service'],
    responses: { 200: { description: 'The OpenAPI document', schema: 'OpenApiDocument' } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
} satisfies Record<string, OperationDoc>;
