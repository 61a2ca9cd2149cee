// The local stand-in for API Gateway's API-key check: maps an `x-api-key` value to its key, or null when unknown
// (like API Gateway after DeleteApiKey, a revoked key is unknown), and counts the key's requests per UTC day as the
// stage's usage plan does (GET /partner/usage reads them).
import type { ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { usageRepo } from '#lib/db/usage-repo.ts';
import { resolvePresentedKey } from '#lib/partner/api-keys.ts';
import { MAX_USAGE_DAYS } from '#lib/partner/usage-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Hashes the presented key (SHA-256) and looks the hash up; only the hash is ever stored. */
export async function resolveApiKey(ctx: AppContext, apiKey: string): Promise<ApiKeyRecord | null> {
  return resolvePresentedKey(ctx, apiKey);
}

/** Counts one request of the key on today's UTC date; a day's count is kept a day longer than anyone may ask for it. */
export async function countKeyRequest(ctx: AppContext, key: ApiKeyRecord): Promise<void> {
  const now = ctx.now();
  const date = now.toISOString().slice(0, 10);
  const expiresAt = new Date(Date.parse(`${date}T00:00:00.000Z`) + (MAX_USAGE_DAYS + 1) * 86_400_000);
  await usageRepo(dbOf(ctx), ctx.tableName).count(key.userId, key.id, date, expiresAt);
}
