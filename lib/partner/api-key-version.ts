// Moving a partner API key to another API version (lib/versions/versions.ts): its owner chooses, from the dashboard,
// which version the key's requests are answered in when they name none.
import { notFound } from '#lib/errors.ts';
import { apiKeyRepo } from '#lib/db/api-key-repo.ts';
import { apiKeyVersionRepo } from '#lib/db/api-key-version-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { presentApiKey, type ApiKeyView } from '#lib/partner/api-keys.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import { isApiVersion, unknownVersion } from '#lib/versions/versions.ts';

/**
 * Pins one of the user's keys to `version` → the key as listed. Another user's or an unknown key → 404
 * API_KEY_NOT_FOUND (as the other key operations); a version the API does not have → 400 UNKNOWN_VERSION. A revoked
 * or ended key may be moved too: it changes nothing, as the key is refused. With `caller`, the move is recorded in
 * the audit log (`api_key.version_moved`, the version as its detail) in the same transaction.
 */
export async function setApiKeyVersion(
  ctx: AppContext,
  userId: number,
  id: string,
  version: string,
  caller?: AuditCaller,
): Promise<ApiKeyView> {
  if (!isApiVersion(version)) throw unknownVersion('version', version);
  // Written with the move, all or nothing: the audit log's entry of it.
  const also: TransactItem[] = caller ? [auditItemOf(ctx, caller, 'api_key.version_moved', { type: 'api_key', id, detail: version })] : [];
  const outcome = await apiKeyVersionRepo(dbOf(ctx), ctx.tableName).moveVersion(id, userId, version, also);
  const moved = outcome.kind === 'moved' ? await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id) : null;
  if (!moved) throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  return presentApiKey(moved);
}
