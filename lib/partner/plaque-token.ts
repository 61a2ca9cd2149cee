// What a plaque is on chain: its ERC-1155 token id, its unique id, and the metadata JSON its token carries.
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { TokenLinks } from '#lib/plaques/stage-values.ts';
import type { tokenMetadataSchema } from '#lib/partner/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

/** A uint256 in decimal, as token ids are written in the API. */
const TOKEN_ID = /^(0|[1-9][0-9]{0,77})$/;

/** The plaque's token id: the one recorded on it, else its plaque id (ids are unique, so token ids are too). */
export const tokenIdOf = (plaque: Pick<StoredPlaque, 'id' | 'tokenId'>): string => plaque.tokenId ?? String(plaque.id);

/** The token id as the contract takes it; null when the recorded id is not a uint256 (an imported oddity). */
export function tokenIdNumber(tokenId: string): bigint | null {
  if (!TOKEN_ID.test(tokenId)) return null;
  const value = BigInt(tokenId);
  return value < 2n ** 256n ? value : null;
}

/** The contract the plaque's token lives on: the one recorded on it, else the service's. */
export const contractAddressOf = (plaque: Pick<StoredPlaque, 'contractAddress'>, serviceContract: string): string =>
  plaque.contractAddress ?? serviceContract;

/** `<contract>:<tokenId>`; the token id is always known (derived before the mint), so the name is never needed. */
export const uniqueIdOf = (plaque: Pick<StoredPlaque, 'id' | 'tokenId' | 'contractAddress'>, serviceContract: string): string =>
  `${contractAddressOf(plaque, serviceContract)}:${tokenIdOf(plaque)}`;

/** ERC-1155 metadata JSON (EIP-1155 "Metadata JSON Schema"), with marketplace-style `attributes` as well. */
export type TokenMetadata = Shape<typeof tokenMetadataSchema>;

/**
 * The token's metadata (EIP-1155 metadata JSON, OpenSea's metadata standards), with the interface's values (condition
 * USED, marketplace service, ...): what the prepare answer shows and GET /tokens/{id}.json serves. A plaque whose record
 * has no image yet (stored by an earlier version, not migrated) shows the stage's placeholder, as its record does;
 * `external_url` is the plaque's page on the stage's frontend, absent when the stage has none.
 */
export function tokenMetadata(plaque: StoredPlaque, links: TokenLinks): TokenMetadata {
  return {
    name: plaque.name,
    // Metadata wallets show needs some text: an empty description falls back to the plaque's name.
    description: plaque.description || `Plaque ${plaque.name}`,
    image: plaque.image ?? links.placeholderImage,
    ...(links.frontendUrl !== null && { external_url: `${links.frontendUrl}/plaques/${plaque.id}` }),
    decimals: 0,
    attributes: [
      { trait_type: 'Condition', value: plaque.condition },
      { trait_type: 'Marketplace', value: plaque.marketplace },
      { trait_type: 'Alphabet part', value: plaque.alphabetPart },
      { trait_type: 'Number part', value: plaque.numberPart },
    ],
    properties: {
      plaqueId: plaque.id,
      condition: plaque.condition,
      marketplace: plaque.marketplace,
      alphabetPart: plaque.alphabetPart,
      numberPart: plaque.numberPart,
    },
  };
}
