// The partner's audit log: who signed in and who changed its keys and webhook endpoints, from where and when, read
// newest first page by page; each entry was written in the transaction of the change it records (lib/db/audit-repo.ts).
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { AUDIT_KEEP_DAYS, auditRepo, type AuditCaller, type AuditPosition } from '#lib/db/audit-repo.ts';
import type { ListAuditLogInput } from '#lib/partner/audit-log-schemas.ts';
import type { auditLogPageSchema } from '#lib/partner/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

export type AuditLogPage = Shape<typeof auditLogPageSchema>;

/** What a request tells of its caller's address: API Gateway's `requestContext.identity.sourceIp` (the local server sets it too). */
interface RequestOrigin {
  event: { requestContext?: { identity?: { sourceIp?: string | null } | null } | null };
}

/** The signed-in user making a change, and the address the request came from: what the change's entry records. */
export const auditCallerOf = (user: { id: number; email: string }, request: RequestOrigin): AuditCaller => ({
  userId: user.id,
  email: user.email,
  ip: request.event.requestContext?.identity?.sourceIp || null,
});

const CURSOR_POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#(aud_[A-Za-z0-9_-]{22})$/;

/** The opaque cursor of a position in the log: base64url of `<at>#<entry id>`. */
const encodeAuditCursor = (position: AuditPosition): string => encodeCursor([position.at, position.id]);

/** The position a cursor names; 400 VALIDATION_FAILED naming `cursor` when this service could not have issued it. */
function decodeAuditCursor(cursor: string): AuditPosition {
  const [at, id] = decodeCursor(cursor, CURSOR_POSITION);
  return { at: at!, id: id! };
}

/** The partner's entries of the last year, newest first, one page at a time (its own partition, never a scan). */
export async function auditLogPage(ctx: AppContext, partnerId: number, input: ListAuditLogInput): Promise<AuditLogPage> {
  const after = input.cursor === undefined ? null : decodeAuditCursor(input.cursor);
  const oldest = new Date(ctx.now().getTime() - AUDIT_KEEP_DAYS * 24 * 3600_000).toISOString();
  const page = await auditRepo(dbOf(ctx), ctx.tableName).page(partnerId, { limit: input.limit, after, oldest });
  return {
    entries: page.entries.map(({ partnerId: _partner, ...entry }) => entry),
    nextCursor: page.next && encodeAuditCursor(page.next),
  };
}
