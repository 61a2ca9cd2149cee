// Request shapes shared by the partner operations, as zod schemas: they validate requests and generate the OpenAPI
// document. The sale's are in prepare-schemas.ts and buy-schemas.ts, the API keys' in api-key-schemas.ts and
// create-api-key-schema.ts, responses in response-schemas.ts: module-level schemas are built when a function loads, so
// each function imports only its own.
import * as z from 'zod/mini';

export const LOOKUP_REASONS = ['LOCKED', 'SOLD', 'ALREADY_MINTED', 'NOT_MINTABLE'] as const;

/** What a partner API key may do: `sell` calls every partner operation, `read` only those that change nothing. */
export const KEY_SCOPES = ['sell', 'read'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** A plaque id as a path writes it: a positive integer written plainly (no sign, no leading zeros, no exponent), 15 digits at most. */
export const PLAQUE_ID_FORM = /^[1-9][0-9]{0,14}$/;

/** Plaque ids in paths: the document states the same pattern (lib/http/openapi.ts). */
/** Order ids are opaque: any id is looked up, unknown ones answer 404 ORDER_NOT_FOUND. */
export const orderIdParam = z.string().check(z.minLength(1));

export const plaqueIdParam = z.pipe(z.string().check(z.regex(PLAQUE_ID_FORM, 'must be a positive integer')), z.transform(Number));
