// Partner API keys: created by a signed-in user (shown once), stored only as a hash, revoked by their owner.
import { createHash, randomBytes } from 'node:crypto';
import { conflict, notFound } from '#lib/errors.ts';
import { apiKeyRepo, type ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { apiKeyIssuerOf } from '#lib/partner/api-key-issuer.ts';

export const API_KEY_PREFIX = 'pk_';
/** Keys a user may hold at once: API Gateway caps keys per account and region, so one user cannot use them up. */
export const MAX_ACTIVE_KEYS = 10;

/** 32 random bytes, base64url, behind a recognisable prefix (46 characters; API Gateway wants 20–128). */
export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export interface CreatedApiKey {
  id: string;
  apiKey: string;
}

export async function createApiKey(ctx: AppContext, userId: number, name: string | null): Promise<CreatedApiKey> {
  const repo = apiKeyRepo(ctx.db, ctx.tableName);
  if ((await repo.countActive(userId)) >= MAX_ACTIVE_KEYS) {
    throw conflict('API_KEY_LIMIT_REACHED', `at most ${MAX_ACTIVE_KEYS} API keys may be active at once; revoke one first`);
  }
  const apiKey = generateApiKey();
  const createdAt = ctx.now().toISOString();
  const id = await apiKeyIssuerOf(ctx).register({ value: apiKey, name: `partner-${userId}-${createdAt.replace(/[:.]/g, '')}` });
  const record: ApiKeyRecord = { id, userId, name, keyHash: hashApiKey(apiKey), createdAt, revokedAt: null };
  try {
    await repo.insert(record);
  } catch (error) {
    // Without its record the key would be refused anyway; do not leave it registered.
    await apiKeyIssuerOf(ctx)
      .unregister(id)
      .catch(() => undefined);
    throw error;
  }
  return { id, apiKey };
}

/**
 * Revokes one of the user's keys: refused by the handlers from the next request on, then unregistered.
 * Revoking an already revoked key of one's own succeeds again; another user's or an unknown id → 404.
 */
export async function revokeApiKey(ctx: AppContext, userId: number, id: string): Promise<void> {
  const revoked = await apiKeyRepo(ctx.db, ctx.tableName).revoke(id, userId, ctx.now());
  if (!revoked) throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  await apiKeyIssuerOf(ctx).unregister(id);
}

/** The active key record with this id; null when unknown or revoked. */
export async function activeApiKey(ctx: AppContext, id: string): Promise<ApiKeyRecord | null> {
  const record = await apiKeyRepo(ctx.db, ctx.tableName).get(id);
  return record && record.revokedAt === null ? record : null;
}

/** The id of the active key a client presented; null when unknown or revoked (what API Gateway checks locally). */
export async function resolvePresentedKey(ctx: AppContext, presented: string): Promise<string | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const id = await apiKeyRepo(ctx.db, ctx.tableName).idForHash(hashApiKey(presented));
  if (id === null) return null;
  return (await activeApiKey(ctx, id)) ? id : null;
}
