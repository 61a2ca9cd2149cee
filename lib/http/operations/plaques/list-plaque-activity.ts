// The declaration of listPlaqueActivity: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { plaqueIdParam } from '#lib/partner/schemas.ts';
import { activityRules, plaqueReads, plaquesTag } from '#lib/http/operations/plaques/rules.ts';
import { plaqueActivityQuery } from '#lib/plaques/activity-schemas.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { plaqueActivityPageSchema } from '#lib/plaques/response-schemas.ts';

export const listPlaqueActivity = operation({
  method: 'GET',
  path: '/plaques/{id}/activity',
  operationId: 'listPlaqueActivity',
  auth: publicAccess,
  access: plaqueReads,
  summary: "A plaque's activity, newest first",
  description: [
    activityRules,
    "Read page by page from the plaque's own activity partition (one Query a page, strongly consistent, never a scan), beside one " +
      'GetItem of the plaque: an unknown or deleted plaque answers 404 PLAQUE_NOT_FOUND, as GET /plaques/{id} does, and a plaque ' +
      'nothing happened to yet answers an empty list. A cursor is bound to its plaque: one issued for another plaque answers 400 ' +
      'VALIDATION_FAILED naming `cursor`.',
  ].join('\n\n'),
  tag: plaquesTag,
  request: {
    path: {
      id: {
        description: 'Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.',
        schema: plaqueIdParam,
      },
    },
    query: plaqueActivityQuery,
  },
  example: example(['plaqueId'], ({ plaqueId }) => ({ path: { id: plaqueId }, query: { limit: 20 } })),
  responses: {
    200: { description: "A page of the plaque's activity", schema: shapeNamed<typeof plaqueActivityPageSchema>('PlaqueActivityPage') },
  },
  errors: { 404: ['PLAQUE_NOT_FOUND'] },
});
