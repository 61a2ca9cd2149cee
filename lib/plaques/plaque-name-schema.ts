// Request shape of GET /plaques/by-name/{name}, as a zod schema: it validates the path and generates the OpenAPI
// document (GET /plaques/{id} reads its id as the partner operations do, lib/partner/schemas.ts).
import * as z from 'zod/mini';

/** A plaque name in any letter case (`abc-0042`): three letters, a hyphen, four digits; read as its upper-case form. */
export const plaqueNameParam = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{3}-[0-9]{4}$/, 'must be a plaque name: three letters, a hyphen and four digits (ABC-0042)')),
  z.transform((name) => name.toUpperCase()),
);
