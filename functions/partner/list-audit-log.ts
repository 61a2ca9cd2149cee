// GET /partner/audit-log: the signed-in partner's sign-ins and key and webhook changes, newest first, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listAuditLog } from '#lib/http/operations/partner/list-audit-log.ts';
import { auditLogPage } from '#lib/partner/audit-log.ts';

export const handler = httpHandler(listAuditLog, async ({ input, principal, ctx }) => ok(await auditLogPage(ctx, principal.id, input)));
