// Partner API keys: created by a signed-in user (shown once, then recognised by their prefix), stored only as a hash,
// listed and revoked by their owner; each records when it was last used.
import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import { conflict, notFound } from '#lib/errors.ts';
import { apiKeyRepo, type ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { DatabaseConflict, DatabaseUnavailable } from '#lib/db/failures.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { apiKeyIssuerOf } from '#lib/partner/api-key-issuer.ts';
import type { apiKeyCreatedSchema, apiKeySchema } from '#lib/partner/response-schemas.ts';
import { KEY_PREFIX_LENGTH, LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';

const API_KEY_PREFIX = 'pk_';
export { LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';

/** 32 random bytes, base64url, behind a recognisable prefix (46 characters; API Gateway wants 20–128). */
const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A key as its owner sees it in the list: never the key itself. */
export type ApiKeyView = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export type CreatedApiKey = z.infer<typeof apiKeyCreatedSchema>;

export const presentApiKey = (record: ApiKeyRecord): ApiKeyView => ({
  id: record.id,
  name: record.name,
  prefix: record.prefix ?? API_KEY_PREFIX,
  createdAt: record.createdAt,
  lastUsedAt: record.lastUsedAt,
  revokedAt: record.revokedAt,
});

const keyLimitReached = () => conflict('KEY_LIMIT_REACHED', `at most ${MAX_ACTIVE_KEYS} API keys may be active at once; revoke one first`);

/** Times the limit is read again when another request stored the user's first count at the same moment. */
const COUNT_ATTEMPTS = 3;

/**
 * Creates a key for the user, refused with 409 KEY_LIMIT_REACHED at the limit. The limit holds under concurrent
 * requests: the key is stored in one transaction with the user's active count, on the condition that it is under the limit.
 */
export async function createApiKey(ctx: AppContext, userId: number, name: string | null): Promise<CreatedApiKey> {
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  let seen = await repo.activeCount(userId);
  if (seen.count >= MAX_ACTIVE_KEYS) throw keyLimitReached();
  const apiKey = generateApiKey();
  const createdAt = ctx.now().toISOString();
  const issuer = apiKeyIssuerOf(ctx);
  const id = await issuer.register({ value: apiKey, name: `partner-${userId}-${createdAt.replace(/[:.]/g, '')}` });
  const record: ApiKeyRecord = {
    id,
    userId,
    name,
    prefix: apiKey.slice(0, KEY_PREFIX_LENGTH),
    keyHash: hashApiKey(apiKey),
    createdAt,
    lastUsedAt: null,
    revokedAt: null,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      const outcome = await repo.insert(record, MAX_ACTIVE_KEYS, seen);
      if (outcome === 'written') break;
      if (outcome === 'limit-reached' || attempt >= COUNT_ATTEMPTS) throw keyLimitReached();
      seen = await repo.activeCount(userId);
      if (seen.count >= MAX_ACTIVE_KEYS) throw keyLimitReached();
    }
  } catch (error) {
    // Without its record the key would be refused anyway; do not leave it registered.
    await issuer.unregister(id).catch(() => undefined);
    throw error;
  }
  return { id, apiKey, name, prefix: record.prefix!, createdAt };
}

/** The user's keys, revoked ones included, newest first. */
export async function listApiKeys(ctx: AppContext, userId: number): Promise<ApiKeyView[]> {
  return (await apiKeyRepo(dbOf(ctx), ctx.tableName).listByUser(userId)).map(presentApiKey);
}

/**
 * Revokes one of the user's keys: refused by the handlers from the next request on, then unregistered.
 * Revoking an already revoked key of one's own succeeds again; another user's or an unknown id → 404.
 */
export async function revokeApiKey(ctx: AppContext, userId: number, id: string): Promise<void> {
  const outcome = await apiKeyRepo(dbOf(ctx), ctx.tableName).revoke(id, userId, ctx.now());
  if (outcome === 'not-found') throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  await apiKeyIssuerOf(ctx).unregister(id);
}

/** The active key record with this id; null when unknown or revoked. */
export async function activeApiKey(ctx: AppContext, id: string): Promise<ApiKeyRecord | null> {
  const record = await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id);
  return record && record.revokedAt === null ? record : null;
}

/**
 * Records that the key was just used, unless that was recorded within the last minute. Bookkeeping only: a table
 * that does not take the write does not fail the request (false then, as when nothing needed writing).
 */
export async function recordKeyUse(ctx: AppContext, record: ApiKeyRecord): Promise<boolean> {
  const now = ctx.now();
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (record.lastUsedAt !== null && record.lastUsedAt >= since.toISOString()) return false;
  try {
    return await apiKeyRepo(dbOf(ctx), ctx.tableName).recordUse(record.id, now, since);
  } catch (error) {
    if (error instanceof DatabaseUnavailable || error instanceof DatabaseConflict) return false;
    throw error;
  }
}

/** The active key a client presented; null when unknown or revoked (what API Gateway checks locally). */
export async function resolvePresentedKey(ctx: AppContext, presented: string): Promise<ApiKeyRecord | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const id = await apiKeyRepo(dbOf(ctx), ctx.tableName).idForHash(hashApiKey(presented));
  if (id === null) return null;
  return activeApiKey(ctx, id);
}
