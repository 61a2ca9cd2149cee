// Request shapes of the partner API key operations, as zod schemas: they validate requests and generate the OpenAPI document.
import * as z from 'zod/mini';

export const createApiKeyBody = z.strictObject({
  /** A label for the dashboard and for operators (the API Gateway key's description). */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

export const apiKeyIdParam = z.string().check(z.minLength(1), z.maxLength(128));
