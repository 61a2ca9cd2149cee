// The declaration of getContractMetadata: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { tokensTag } from '#lib/http/operations/tokens/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { collectionMetadataSchema } from '#lib/tokens/response-schemas.ts';

export const getContractMetadata = operation({
  method: 'GET',
  path: '/contract.json',
  operationId: 'getContractMetadata',
  auth: publicAccess,
  anyOrigin: true,
  // Names the stage's collection, placeholder image and frontend (or its own address): no table.
  access: { linksMedia: true, describesTokens: true },
  summary: "The collection's metadata (the contract's contractURI)",
  description: [
    "The contract's `contractURI()` (ERC-7572) is `<stage public base>/contract.json`.",
    "`name` and `description` are the stage's collection; `image` is the stage's placeholder image; `external_link` is " +
      "the stage's frontend, or the stage's own public address when it names none.",
    'Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).',
    'Readable from any web page: every answer, refusals included, carries `Access-Control-Allow-Origin: *` (no credential ' +
      'is involved), HEAD answers the same headers without the body, and a CORS preflight from any origin is allowed.',
  ].join('\n\n'),
  tag: tokensTag,
  example: example([], () => ({})),
  responses: {
    200: {
      description: "The collection's metadata",
      schema: shapeNamed<typeof collectionMetadataSchema>('CollectionMetadata'),
      headers: ['Cache-Control'],
    },
  },
});
