// The response shape of the collection's metadata (GET /contract.json); a token's (GET /tokens/{id}.json) is the one the
// prepare answer shows, `TokenMetadata` in lib/partner/response-schemas.ts. Imported as types only by the domain.
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';

/** Contract-level metadata (ERC-7572, OpenSea's collection metadata). */
export const collectionMetadataSchema = component('CollectionMetadata', () =>
  z.object({
    name: z.string(),
    description: z.string(),
    image: z.url(),
    external_link: z.url(),
  }),
);
