// GET /tokens/{id}.json: a minted token's metadata, where the contract's `uri(id)` points wallets and marketplaces.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getTokenMetadata } from '#lib/http/operations/tokens/get-token-metadata.ts';
import { mintedTokenMetadata, METADATA_CACHE_CONTROL } from '#lib/tokens/token-metadata.ts';

export const handler = httpHandler(getTokenMetadata, async ({ input, ctx }) =>
  ok(await mintedTokenMetadata(ctx, input.id), { 'cache-control': METADATA_CACHE_CONTROL }),
);
