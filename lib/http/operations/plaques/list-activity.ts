// The declaration of listActivity: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { activityRules, plaqueReads, plaquesTag } from '#lib/http/operations/plaques/rules.ts';
import { catalogueActivityQuery } from '#lib/plaques/activity-schemas.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { catalogueActivityPageSchema } from '#lib/plaques/response-schemas.ts';

export const listActivity = operation({
  method: 'GET',
  path: '/activity',
  operationId: 'listActivity',
  auth: publicAccess,
  access: plaqueReads,
  summary: "The catalogue's activity of one type, newest first",
  description: [
    activityRules,
    '`type` is required (one of the five types): each type is kept in an index partition of its own, sorted by time, so a page is ' +
      'one Query of it, never a scan; without `type`, or with another value, the answer is 400 VALIDATION_FAILED naming `type`. ' +
      'Entries of one time are ordered by the higher plaque id first. Each entry names its plaque (`plaqueId`, and `plaqueName` as it ' +
      'was at the change). The index is eventually consistent: an entry is listed within about a second of its change. A cursor is ' +
      'bound to its type: one issued for another type answers 400 VALIDATION_FAILED naming `cursor`.',
  ].join('\n\n'),
  tag: plaquesTag,
  request: { query: catalogueActivityQuery },
  example: example([], () => ({ query: { type: 'sale', limit: 20 } })),
  responses: {
    200: {
      description: "A page of the catalogue's activity",
      schema: shapeNamed<typeof catalogueActivityPageSchema>('CatalogueActivityPage'),
    },
  },
});
