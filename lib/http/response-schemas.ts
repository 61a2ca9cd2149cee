// The response shape of the service's own operation: its OpenAPI document, as a component (lib/schema.ts).
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';

export const openApiDocumentSchema = component('OpenApiDocument', () =>
  z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
);
