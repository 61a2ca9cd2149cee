// GET /tokens/{id}.json: a minted token's metadata, where the contract's `uri(id)` points wallets and marketplaces.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { mintedTokenMetadata, METADATA_CACHE_CONTROL } from '#lib/tokens/token-metadata.ts';
import { tokenFileInput } from '#lib/tokens/schemas.ts';

export const handler = httpHandler(
  { operation: 'getTokenMetadata', body: 'none', input: { schema: tokenFileInput, read: (request) => request.pathParameters } },
  async ({ input, ctx }) => ok(await mintedTokenMetadata(ctx, input.id), { 'cache-control': METADATA_CACHE_CONTROL }),
);
