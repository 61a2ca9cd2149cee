// The declaration of listAuditLog: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { DEFAULT_AUDIT_LIMIT, listAuditLogInput, MAX_AUDIT_LIMIT } from '#lib/partner/audit-log-schemas.ts';
import { dashboardRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { auditLogPageSchema } from '#lib/partner/response-schemas.ts';

export const listAuditLog = operation({
  method: 'GET',
  path: '/partner/audit-log',
  operationId: 'listAuditLog',
  auth: signedInUser,
  access: { table: 'read' },
  summary: "The signed-in partner's audit log: sign-ins and key and webhook changes, newest first",
  description: [
    dashboardRules,
    "One entry per sign-in and per change of the partner's API keys and webhook endpoints, each written in the same " +
      'transaction as the change it records: a change is never without its entry, nor an entry without its change. A ' +
      'request refused, or replayed from its Idempotency-Key, changes nothing and writes no entry; revoking a key that is ' +
      'revoked already writes none either.',
    '`action`: `user.signed_in` (target the user; `detail` `password` for POST /auth/login, `email_code` for a code ' +
      'spent at /auth/evaluate-email-verification-code: the two ways a token is issued to someone who shows a credential; ' +
      'the fresh token that a password change in POST /auth/profile answers is no sign-in, the caller already holds one, ' +
      "and there is no refresh), `api_key.created`, `api_key.rolled` (`detail`: the new key's id), `api_key.revoked`, " +
      '`api_key.version_moved` (`detail`: the version), `webhook.created`, `webhook.deleted`, `webhook.secret_rotated`, ' +
      '`webhook.resent` (`detail`: the event id). `target.id` is the user id, the key id or the endpoint id. ' +
      'Failed sign-ins are not entries (they are counted for the sign-in limits).',
    '`actor` is the signed-in user who made the change (a partner is one user: its own id and email); `ip` the address the ' +
      'request came from, as API Gateway saw it (`requestContext.identity.sourceIp`), null when unknown; `at` when it was made.',
    "Newest first (by `at`, then id), read page by page from the partner's own partition (never a scan). Entries are kept " +
      "one year: older ones are never answered, and the table's TTL deletes them. " +
      `\`limit\`: 1–${MAX_AUDIT_LIMIT} entries a page, default ${DEFAULT_AUDIT_LIMIT}. Other query parameters are ignored.`,
    '`nextCursor` is null on the last page; pass it as `cursor` to read the next one. A cursor this service could not ' +
      'have issued answers 400 VALIDATION_FAILED naming `cursor`. Entries written after the first page was read appear on a ' +
      'new first page, not on later ones.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { query: listAuditLogInput },
  example: example([], () => ({ query: { limit: 5 } })),
  responses: { 200: { description: 'A page of entries', schema: shapeNamed<typeof auditLogPageSchema>('AuditLogPage') } },
});
