// GET /contract.json: the collection's metadata, where the contract's `contractURI()` points marketplaces.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getContractMetadata } from '#lib/http/operations/tokens/get-contract-metadata.ts';
import { collectionMetadata, METADATA_CACHE_CONTROL } from '#lib/tokens/token-metadata.ts';

export const handler = httpHandler(getContractMetadata, async ({ ctx }) =>
  ok(collectionMetadata(ctx), { 'cache-control': METADATA_CACHE_CONTROL }),
);
