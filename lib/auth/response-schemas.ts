// The response shape of the public keys that verify tokens (GET /.well-known/jwks.json), as a component (lib/schema.ts).
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';

export const jwksSchema = component('Jwks', () =>
  z.object({
    keys: z.array(
      z.object({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string(),
        y: z.string(),
        kid: z.string(),
        alg: z.literal('ES256'),
        use: z.literal('sig'),
      }),
    ),
  }),
);
