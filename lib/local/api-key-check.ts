// The local stand-in for API Gateway's API-key check: maps an `x-api-key` value to its key, or null when unknown
// (like API Gateway after DeleteApiKey, a revoked key is unknown), and refuses a key whose daily quota is used up, as
// the stage's usage plan does (429 QUOTA_EXCEEDED), with the same limit. It writes nothing: the function counts the
// request (lib/partner/key-quota.ts), in the day's count GET /partner/usage reads.
import type { ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { rateLimitHeaders } from '#lib/http/rate-limit.ts';
import { resolvePresentedKey } from '#lib/partner/api-keys.ts';
import { currentKeyWindow, quotaExceeded } from '#lib/partner/key-quota.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Hashes the presented key (SHA-256) and looks the hash up; only the hash is ever stored. */
export async function resolveApiKey(ctx: AppContext, apiKey: string): Promise<ApiKeyRecord | null> {
  return resolvePresentedKey(ctx, apiKey);
}

/**
 * Refuses the request when the key's quota for today is used up (429 QUOTA_EXCEEDED with Retry-After and the RateLimit
 * headers), reading today's count without counting. Requests let through at the same moment are held to the limit by
 * the function's own count, as API Gateway's best-effort quota is in AWS.
 */
export async function checkKeyQuota(ctx: AppContext, key: ApiKeyRecord): Promise<void> {
  const window = await currentKeyWindow(ctx, key);
  if (window.exceeded) throw quotaExceeded(window, rateLimitHeaders(window));
}
