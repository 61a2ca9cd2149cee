// The token operations: what wallets and marketplaces read about the service's tokens, at the addresses the contract
// names (`uri(id)`: /tokens/{id}.json, `contractURI()`: /contract.json), with the decisions taken where the interface
// description is silent.
import { example, type Operation } from '#lib/http/operation.ts';
import { tokenMetadataSchema } from '#lib/partner/response-schemas.ts';
import { collectionMetadataSchema } from '#lib/tokens/response-schemas.ts';
import { tokenFileParam } from '#lib/tokens/schemas.ts';

const TAGS = ['Tokens'] as const;

/** Token id 42 as EIP-1155 clients substitute `{id}`: 64 lower-case hex digits, no 0x. */
const hexTokenId = (tokenId: string): string => BigInt(tokenId).toString(16).padStart(64, '0');

// prettier-ignore
export const tokenOperations = [
  {
    method: 'GET', path: '/tokens/{id}', operationId: 'getTokenMetadata',
    handler: 'functions/tokens/get-token-metadata.ts', auth: 'none', principal: 'none',
    // Reads the plaque by key; the metadata names its image (or the stage's placeholder) and its frontend page.
    access: { table: 'read', linksMedia: true, describesTokens: true },
    summary: "A minted token's metadata (the contract's uri)",
    description: [
      "The contract's `uri(id)` is `<stage public base>/tokens/{id}.json`, and clients substitute `{id}` with the token id " +
        'as 64 lower-case hex digits (EIP-1155). Upper-case hex digits and the decimal token id (1–63 digits, so never ' +
        'taken for hex) answer the same. API Gateway routes whole path segments, so `.json` is part of the parameter.',
      'EIP-1155 metadata JSON with OpenSea\'s metadata standards: `name` (the plaque\'s), `description` (the plaque\'s, ' +
        '"Plaque <name>" when empty), `image` (the plaque\'s image URL, else the stage\'s placeholder image, both served by ' +
        'the service), `external_url` (the plaque\'s page `<frontend>/plaques/<plaqueId>` when the stage names a frontend, ' +
        'else absent), `decimals` 0, `attributes` (Condition, Marketplace, Alphabet part, Number part, as ' +
        '`{ trait_type, value }`) and `properties` (plaqueId, condition, marketplace, alphabetPart, numberPart). It is built ' +
        "by the same function as the prepare answer's `token.metadata`, from the plaque as it is now.",
      'Only minted tokens have metadata: a token id that no MINTED plaque holds answers 404 TOKEN_NOT_FOUND (a plaque sold ' +
        'but not delivered yet, too). A minted token\'s id is its plaque\'s id, so the plaque is read by key; a deleted ' +
        'plaque whose token was minted still answers (the token is still in its wallet).',
      'Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).',
    ].join('\n\n'),
    tags: TAGS,
    request: {
      path: {
        id: {
          description: 'The token id, as 64 hex digits or 1–63 decimal digits, followed by `.json`. Anything else answers 400 VALIDATION_FAILED naming `id`.',
          schema: tokenFileParam,
        },
      },
    },
    example: example(['mintedTokenId'], ({ mintedTokenId }) => ({ path: { id: `${hexTokenId(mintedTokenId)}.json` } })),
    responses: { 200: { description: "The token's metadata", schema: tokenMetadataSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['VALIDATION_FAILED', 'BODY_NOT_ALLOWED'], 404: ['TOKEN_NOT_FOUND'] },
  },
  {
    method: 'GET', path: '/contract.json', operationId: 'getContractMetadata',
    handler: 'functions/tokens/get-contract-metadata.ts', auth: 'none', principal: 'none',
    // Names the stage's collection, placeholder image and frontend (or its own address): no table.
    access: { linksMedia: true, describesTokens: true },
    summary: "The collection's metadata (the contract's contractURI)",
    description: [
      "The contract's `contractURI()` (ERC-7572) is `<stage public base>/contract.json`.",
      "`name` and `description` are the stage's collection; `image` is the stage's placeholder image; `external_link` is " +
        "the stage's frontend, or the stage's own public address when it names none.",
      'Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).',
    ].join('\n\n'),
    tags: TAGS,
    example: example([], () => ({})),
    responses: { 200: { description: "The collection's metadata", schema: collectionMetadataSchema, headers: ['Cache-Control'] } },
    errors: { 400: ['BODY_NOT_ALLOWED'] },
  },
] as const satisfies readonly Operation[];
