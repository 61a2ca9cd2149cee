// The key id of the partner API key operations, as a zod schema: it validates requests and generates the OpenAPI
// document. The creation body has its own module (create-api-key-schema.ts): module-level schemas are built when a
// function loads.
import * as z from 'zod/mini';

export const apiKeyIdParam = z.string().check(z.minLength(1), z.maxLength(128));
