// The partner's audit log as zod schemas and closed lists: the actions it records, what they act on, and the query of
// GET /partner/audit-log (it validates the query and generates the document).
import * as z from 'zod/mini';

/**
 * What the log records, each written in the transaction of the change it records: a sign-in (password or email code),
 * a key created, rolled, revoked or moved to another API version, an endpoint created or deleted, its secret rotated,
 * an event resent to it.
 */
export const AUDIT_ACTIONS = [
  'user.signed_in',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'api_key.version_moved',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.resent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action acts on: the signed-in user, one of its API keys, one of its webhook endpoints. */
export const AUDIT_TARGET_TYPES = ['user', 'api_key', 'webhook'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How a sign-in was made: the `detail` of its target. */
export type SignInMethod = 'password' | 'email_code';

/** Entries per page: at most, and when not asked. */
export const MAX_AUDIT_LIMIT = 100;
export const DEFAULT_AUDIT_LIMIT = 20;

export const listAuditLogInput = z.object({
  limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_AUDIT_LIMIT)), DEFAULT_AUDIT_LIMIT),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});

export type ListAuditLogInput = z.infer<typeof listAuditLogInput>;
