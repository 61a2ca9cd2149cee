// The declaration of getPlaque: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicRead } from '#lib/http/principals.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';
import { plaqueReads, plaquesTag, publicCaching, recordRules } from '#lib/http/operations/plaques/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { plaqueSchema } from '#lib/plaques/response-schemas.ts';

export const getPlaque = operation({
  method: 'GET',
  path: '/plaques/{id}',
  operationId: 'getPlaque',
  auth: publicRead,
  access: plaqueReads,
  summary: 'One plaque by id',
  description: [recordRules, 'Unknown and deleted plaques (deletedAt set) answer 404 PLAQUE_NOT_FOUND. One GetItem.', publicCaching].join(
    '\n\n',
  ),
  tag: plaquesTag,
  request: {
    path: {
      id: {
        description: 'Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.',
        schema: plaqueIdParam,
      },
    },
  },
  example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId } })),
  responses: { 200: { description: 'The plaque', schema: shapeNamed<typeof plaqueSchema>('Plaque'), headers: ['Cache-Control'] } },
  errors: { 404: ['PLAQUE_NOT_FOUND'] },
});
