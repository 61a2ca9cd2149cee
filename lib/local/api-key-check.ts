// The local stand-in for API Gateway's API-key check: maps an `x-api-key` value to its key, or null when unknown.
// Like API Gateway after DeleteApiKey, a revoked key is unknown.
import type { ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { resolvePresentedKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Hashes the presented key (SHA-256) and looks the hash up; only the hash is ever stored. */
export async function resolveApiKey(ctx: AppContext, apiKey: string): Promise<ApiKeyRecord | null> {
  return resolvePresentedKey(ctx, apiKey);
}
