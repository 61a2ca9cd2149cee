// Request shapes of the webhook operations, as zod schemas: they validate requests and generate the OpenAPI document.
// Module-level schemas are built when a function loads, so each operation's own shapes have their own module
// (create-schema.ts, test-schema.ts, deliveries-schema.ts) and a function builds only what it reads; here the id.
import * as z from 'zod/mini';

/** Endpoint ids are opaque: any id answers, unknown and foreign ones 404 WEBHOOK_NOT_FOUND. */
export const webhookIdParam = z.string().check(z.minLength(1), z.maxLength(128));
