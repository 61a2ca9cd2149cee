// The declaration of getTokenMetadata: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { tokenIdParam } from '#lib/tokens/schemas.ts';
import { hexTokenId, tokensTag } from '#lib/http/operations/tokens/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { tokenMetadataSchema } from '#lib/partner/response-schemas.ts';

export const getTokenMetadata = operation({
  method: 'GET',
  path: '/tokens/{id}.json',
  operationId: 'getTokenMetadata',
  auth: publicAccess,
  anyOrigin: true,
  // Reads the plaque by key; the metadata names its image (or the stage's placeholder) and its frontend page.
  access: { table: 'read', linksMedia: true, describesTokens: true },
  summary: "A minted token's metadata (the contract's uri)",
  description: [
    "The contract's `uri(id)` is `<stage public base>/tokens/{id}.json`, and clients substitute `{id}` with the token id " +
      'as 64 lower-case hex digits (EIP-1155). Upper-case hex digits and the decimal token id (1–63 digits, so never ' +
      'taken for hex) answer the same. The document writes the path as clients call it; API Gateway routes whole path ' +
      'segments, so its resource is `/tokens/{id}` and a last segment without `.json` answers 400 VALIDATION_FAILED naming `id`.',
    "EIP-1155 metadata JSON with OpenSea's metadata standards: `name` (the plaque's), `description` (the plaque's, " +
      '"Plaque <name>" when empty), `image` (the plaque\'s image URL, else the stage\'s placeholder image, both served by ' +
      "the service), `external_url` (the plaque's page `<frontend>/plaques/<plaqueId>` when the stage names a frontend, " +
      'else absent), `decimals` 0, `attributes` (Condition, Marketplace, Alphabet part, Number part, as ' +
      '`{ trait_type, value }`) and `properties` (plaqueId, condition, marketplace, alphabetPart, numberPart). It is built ' +
      "by the same function as the prepare answer's `token.metadata`, from the plaque as it is now.",
    'Only minted tokens have metadata: a token id that no MINTED plaque holds answers 404 TOKEN_NOT_FOUND (a plaque sold ' +
      "but not delivered yet, too). A minted token's id is its plaque's id, so the plaque is read by key; a deleted " +
      'plaque whose token was minted still answers (the token is still in its wallet).',
    'Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).',
    'Readable from any web page: every answer, refusals included, carries `Access-Control-Allow-Origin: *` (no credential ' +
      'is involved), HEAD answers the same headers without the body, and a CORS preflight from any origin is allowed.',
  ].join('\n\n'),
  tag: tokensTag,
  request: {
    path: {
      id: {
        description:
          'The token id, as 64 hex digits or 1–63 decimal digits (the path adds `.json`). Anything else answers 400 VALIDATION_FAILED naming `id`.',
        schema: tokenIdParam,
      },
    },
  },
  example: example(['mintedTokenId'], ({ mintedTokenId }) => ({ path: { id: hexTokenId(mintedTokenId) } })),
  responses: {
    200: {
      description: "The token's metadata",
      schema: shapeNamed<typeof tokenMetadataSchema>('TokenMetadata'),
      headers: ['Cache-Control'],
    },
  },
  errors: { 404: ['TOKEN_NOT_FOUND'] },
});
