// GET /.well-known/jwks.json: the public keys tokens are verified with (current and previous, so rotation logs nobody out).
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getJwks } from '#lib/http/operations/auth/jwks.ts';
import { jwksOf } from '#lib/auth/key-set.ts';
import { jwtKeyReaderOf } from '#lib/auth/key-store.ts';

/** Verifiers may cache the set briefly; a rotation keeps the old key listed far longer than this. */
const CACHE_CONTROL = 'public, max-age=300';

export const handler = httpHandler(getJwks, async ({ ctx }) =>
  ok(jwksOf(await jwtKeyReaderOf(ctx).keys()), { 'cache-control': CACHE_CONTROL }),
);
