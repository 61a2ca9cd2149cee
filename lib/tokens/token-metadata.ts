// What wallets and marketplaces read about the service's tokens: a minted token's metadata, found by its id with one
// read by key, and the collection's. The contract's `uri` and `contractURI` point at them (lib/chain/metadata-uris.ts).
//
// Why no lookup item: a token id is the plaque's recorded `tokenId`, else its plaque id (tokenIdOf), and every writer
// records exactly that at the mint (imports and new plaques record none, the sample catalogue its id), so a minted
// token's id is its plaque's id. Token id N is plaque N, read by key; a plaque whose record named another token id
// would not be found this way, and is checked against the id asked for, so no other plaque's metadata is ever served.
import { collectionConfig, localConfig } from '#lib/config.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { notFound } from '#lib/errors.ts';
import { tokenIdOf, tokenMetadata, type TokenMetadata } from '#lib/partner/plaque-token.ts';
import { frontendUrlOf, stageValuesOf, tokenLinksOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { collectionMetadataSchema } from '#lib/tokens/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

/** Wallets and marketplaces may keep an answer 5 minutes: a plaque's values change about never once minted. */
export const METADATA_CACHE_CONTROL = 'public, max-age=300';

export type CollectionMetadata = Shape<typeof collectionMetadataSchema>;

/** The stage's public base URL (PUBLIC_BASE_URL unless the context names one; else the local server), no trailing slash. */
export const publicBaseUrlOf = (ctx: Pick<AppContext, 'publicBaseUrl'>): string =>
  (ctx.publicBaseUrl ?? collectionConfig().PUBLIC_BASE_URL ?? `http://127.0.0.1:${localConfig().PORT}`).replace(/\/+$/, '');

/** The metadata of minted token `tokenId`; 404 TOKEN_NOT_FOUND unless a MINTED plaque holds it. */
export async function mintedTokenMetadata(ctx: AppContext, tokenId: bigint): Promise<TokenMetadata> {
  const missing = () => notFound('TOKEN_NOT_FOUND', `no minted token has id ${tokenId}`);
  // Plaque ids are positive safe integers: no plaque holds any other token id.
  if (tokenId < 1n || tokenId > BigInt(Number.MAX_SAFE_INTEGER)) throw missing();
  const plaque = await plaqueRepo(dbOf(ctx), ctx.tableName).get(Number(tokenId));
  if (!plaque || plaque.status !== 'MINTED' || tokenIdOf(plaque) !== tokenId.toString()) throw missing();
  return tokenMetadata(plaque, tokenLinksOf(ctx));
}

/** The collection's metadata: the stage's name and description, its placeholder image, its frontend (else its own address). */
export function collectionMetadata(ctx: AppContext): CollectionMetadata {
  const config = collectionConfig();
  return {
    name: config.COLLECTION_NAME,
    description: config.COLLECTION_DESCRIPTION,
    image: stageValuesOf(ctx).placeholderImage,
    external_link: frontendUrlOf(ctx) ?? publicBaseUrlOf(ctx),
  };
}
