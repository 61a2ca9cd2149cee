// The declaration of releaseHold: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { sellKey } from '#lib/http/principals.ts';
import { reservationIdParam } from '#lib/partner/release-schemas.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';

export const releaseHold = operation({
  method: 'DELETE',
  path: '/partner/reservations/{reservationId}',
  operationId: 'releaseHold',
  auth: sellKey,
  // Every API-key operation records the key's last use; the release writes the plaque.
  access: { table: 'readWrite' },
  summary: 'Release a hold now (the plaque is AVAILABLE again)',
  description: [
    'Ends the reservation a prepare answered, before its 10 minutes are up: one conditional write puts the plaque back to AVAILABLE, ' +
      'so the next prepare of any partner may hold it, and GET /partner/plaques/{id}/lookup and GET /plaques/featured show it AVAILABLE ' +
      '(the listing within its second of freshness). Answers 204 with no body. Needs a key of scope `sell` (a `read` key → 403 KEY_SCOPE_INSUFFICIENT).',
    'Holds belong to the partner (the account), so any of its keys may release a hold another of its keys placed. ' +
      "Another partner's reservation, an unknown one, one released already, and one whose plaque a later prepare holds (after it lapsed) " +
      "all answer 404 RESERVATION_NOT_FOUND: releasing twice answers 404 the second time. A lapsed hold that is still the plaque's last is released (204).",
    'A reservation that was bought → 409 RESERVATION_INVALID: a sale is not undone. Reservation ids issued before releasing existed answer 404 (they lapse within 10 minutes anyway).',
    'When the plaque keeps changing under the release, it answers 409 CONFLICT with Retry-After.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: { reservationId: { description: 'The `reservationId` a prepare answered (`res_…`)', schema: reservationIdParam } } },
  example: example(['hold'], ({ hold }) => ({ path: { reservationId: hold.reservationId } })),
  responses: { 204: { description: 'Released' } },
  errors: { 404: ['RESERVATION_NOT_FOUND'], 409: ['RESERVATION_INVALID', 'CONFLICT'] },
  errorHeaders: { 409: ['Retry-After'] },
});
