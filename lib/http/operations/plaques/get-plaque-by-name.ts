// The declaration of getPlaqueByName: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicRead } from '#lib/http/principals.ts';
import { plaqueNameParam } from '#lib/plaques/plaque-name-schema.ts';
import { plaqueReads, plaquesTag, publicCaching, recordRules } from '#lib/http/operations/plaques/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { plaqueSchema } from '#lib/plaques/response-schemas.ts';

export const getPlaqueByName = operation({
  method: 'GET',
  path: '/plaques/by-name/{name}',
  operationId: 'getPlaqueByName',
  auth: publicRead,
  access: plaqueReads,
  summary: 'One plaque by name',
  description: [
    recordRules,
    'The name is compared case-insensitively (`abc-0042` finds `ABC-0042`): it is read as upper case through the claim each name ' +
      'has (the one that keeps names unique), then the plaque: two GetItems.',
    'A name no plaque holds, and a deleted plaque, answer 404 PLAQUE_NOT_FOUND.',
    publicCaching,
  ].join('\n\n'),
  tag: plaquesTag,
  request: {
    path: {
      name: {
        description:
          'Plaque name: three letters, a hyphen and four digits (`ABC-0042`), in any letter case. Anything else answers 400 VALIDATION_FAILED naming `name`.',
        schema: plaqueNameParam,
      },
    },
  },
  example: example(['plaqueName'], ({ plaqueName }) => ({ path: { name: plaqueName } })),
  responses: { 200: { description: 'The plaque', schema: shapeNamed<typeof plaqueSchema>('Plaque'), headers: ['Cache-Control'] } },
  errors: { 404: ['PLAQUE_NOT_FOUND'] },
});
