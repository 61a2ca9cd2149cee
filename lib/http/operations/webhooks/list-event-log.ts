// The declaration of listEventLog: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { eventFeed } from '#lib/http/operations/webhooks/rules.ts';

export const listEventLog = operation({
  method: 'GET',
  path: '/partner/event-log',
  operationId: 'listEventLog',
  auth: signedInUser,
  access: { table: 'read' },
  summary: "The signed-in partner's order events of the last 30 days, newest first",
  description: [
    "The feed of GET /partner/events, read with the signed-in partner's JWT instead of an API key: the dashboard reads it with " +
      'the session, as it reads the orders. GET /partner/events takes an API key only, so the session reads it here (API Gateway ' +
      'authorizes a method one way).',
    'The partner is the signed-in user, who owns the keys: the events of the orders placed with any of its keys.',
    'The same events, pages, `limit`, `type` and cursors as GET /partner/events; a cursor of either answers on the other.',
    eventFeed.history,
  ].join('\n\n'),
  tag: partnerTag,
  request: eventFeed.request,
  example: example([], () => ({ query: { limit: 5 } })),
  responses: eventFeed.page,
});
