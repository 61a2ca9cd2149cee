// A partner key's daily quota: the stage's usage plan's limit (API_KEY_QUOTA_PER_DAY), which API Gateway enforces in
// front of the functions, counted again by the functions per key and UTC day, in the item GET /partner/usage reads
// locally, with one write per request; and where a key stands in its current window (limit, remaining, reset).
import { keyQuotaConfig } from '#lib/config.ts';
import { tooManyRequests, type AppErrorInit } from '#lib/errors.ts';
import type { ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { usageRepo } from '#lib/db/usage-repo.ts';
import { MAX_USAGE_DAYS } from '#lib/partner/usage-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Requests a partner key may make per UTC day; API_KEY_QUOTA_PER_DAY when not given: use `keyQuotaOf(ctx)`. */
    keyQuotaPerDay?: number;
  }
}

/** The quota's window: one UTC day, in seconds. */
export const QUOTA_WINDOW_SECONDS = 86_400;

const DAY_MS = QUOTA_WINDOW_SECONDS * 1000;

/** Requests one key may make per UTC day, as the stage's usage plan allows. */
export const keyQuotaOf = (ctx: AppContext): number => ctx.keyQuotaPerDay ?? keyQuotaConfig().API_KEY_QUOTA_PER_DAY;

/** Where a key stands in its current window (the UTC day of the request). */
export interface KeyWindow {
  /** Requests the key may make in a window. */
  limit: number;
  /** Requests it may still make in this one: never negative. */
  remaining: number;
  /** Whole seconds until the next window starts (the next UTC midnight): 1 to 86 400. */
  resetSeconds: number;
  /** The quota was used up before this request: it is refused, and not counted. */
  exceeded: boolean;
}

/** Whole seconds from `now` to the next UTC midnight, where the next window starts: 1 to 86 400. */
export function secondsToNextWindow(now: Date): number {
  const next = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** The window of a key that made `used` requests today out of `limit`, at `now`. */
export const keyWindow = (limit: number, used: number, now: Date, exceeded = false): KeyWindow => ({
  limit,
  remaining: Math.max(0, limit - used),
  resetSeconds: secondsToNextWindow(now),
  exceeded,
});

/** The day a request counts on: its UTC date (`YYYY-MM-DD`). */
const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Counts one request of the key on today's count, unless the quota is used up (then the request is refused, and not
 * counted, as API Gateway's usage plan does): one conditional UpdateItem that answers the new count and keeps the
 * key's last use (GET /partner/api-keys' `lastUsedAt`), the request's only write. A day's count is kept a day longer
 * than GET /partner/usage may ask for it.
 */
export async function countKeyRequest(ctx: AppContext, key: Pick<ApiKeyRecord, 'id' | 'userId'>): Promise<KeyWindow> {
  const now = ctx.now();
  const date = dayOf(now);
  const limit = keyQuotaOf(ctx);
  const expiresAt = new Date(Date.parse(`${date}T00:00:00.000Z`) + (MAX_USAGE_DAYS + 1) * DAY_MS);
  const outcome = await usageRepo(dbOf(ctx), ctx.tableName).count(key.userId, key.id, date, expiresAt, limit, now);
  return keyWindow(limit, outcome.requests, now, outcome.kind === 'quota-reached');
}

/**
 * The last counted use of each of the partner's keys, by key id, from the days whose counts are kept: where the
 * key list's `lastUsedAt` comes from for the operations the count covers.
 */
export async function countedLastUses(ctx: AppContext, partnerId: number): Promise<Map<string, string>> {
  const from = dayOf(new Date(ctx.now().getTime() - (MAX_USAGE_DAYS + 1) * DAY_MS));
  return usageRepo(dbOf(ctx), ctx.tableName).lastUses(partnerId, from);
}

/** The key's window now, read without counting: `exceeded` when the quota is used up, so the next request is refused. */
export async function currentKeyWindow(ctx: AppContext, key: Pick<ApiKeyRecord, 'id' | 'userId'>): Promise<KeyWindow> {
  const now = ctx.now();
  const limit = keyQuotaOf(ctx);
  const used = await usageRepo(dbOf(ctx), ctx.tableName).requestsOn(key.userId, key.id, dayOf(now));
  return keyWindow(limit, used, now, used >= limit);
}

/** 429 QUOTA_EXCEEDED: the key's quota for today is used up; Retry-After is the start of the next window. */
export const quotaExceeded = (window: KeyWindow, headers: AppErrorInit['headers'] = {}) =>
  tooManyRequests(
    'QUOTA_EXCEEDED',
    `the API key's quota of ${window.limit} requests per day is used up; it starts again at 00:00 UTC`,
    window.resetSeconds,
    { headers },
  );
