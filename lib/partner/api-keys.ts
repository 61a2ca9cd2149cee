// Partner API keys: created by a signed-in user (shown once, then recognised by their prefix), stored only as a hash,
// listed and revoked by their owner; each records when it was last used.
import { randomBytes } from 'node:crypto';
import { conflict, notFound } from '#lib/errors.ts';
import { apiKeyRepo, type ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { DatabaseConflict, DatabaseUnavailable } from '#lib/db/failures.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import { auditItemOf, type AuditCaller } from '#lib/db/audit-repo.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { apiKeyIssuerOf } from '#lib/partner/api-key-issuer.ts';
import type { apiKeyCreatedSchema, apiKeySchema } from '#lib/partner/response-schemas.ts';
import { KEY_PREFIX_LENGTH, LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { Shape } from '#lib/schema.ts';
import { API_KEY_PREFIX, hashApiKey, isActiveKey, keyVersion } from '#lib/partner/presented-key.ts';
import { countedLastUses } from '#lib/partner/key-quota.ts';
import { LATEST_API_VERSION, type ApiVersion } from '#lib/versions/versions.ts';

export { LAST_USED_RESOLUTION_MS, MAX_ACTIVE_KEYS } from '#lib/partner/limits.ts';

/** 32 random bytes, base64url, behind a recognisable prefix (46 characters; API Gateway wants 20–128). */
const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A key as its owner sees it in the list: never the key itself. */
export type ApiKeyView = Shape<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key itself is shown (a replay of it may come without). */
export type CreatedApiKey = Shape<typeof apiKeyCreatedSchema> & { apiKey: string };

export const presentApiKey = (record: ApiKeyRecord): ApiKeyView => ({
  id: record.id,
  name: record.name,
  prefix: record.prefix ?? API_KEY_PREFIX,
  scope: record.scope,
  version: keyVersion(record),
  createdAt: record.createdAt,
  lastUsedAt: record.lastUsedAt,
  revokedAt: record.revokedAt,
  expiresAt: record.expiresAt,
});

const keyLimitReached = (rolling = false) =>
  conflict(
    'KEY_LIMIT_REACHED',
    `at most ${MAX_ACTIVE_KEYS} API keys may be active at once, rolled keys in their window included; ` +
      (rolling ? 'revoke one first, or roll with expiresInHours 0 to replace this one at once' : 'revoke one first'),
  );

/** Times the limit is read again when another request stored the user's first count at the same moment. */
const COUNT_ATTEMPTS = 3;

/**
 * The user's active count, once the rolled keys whose window has ended gave up their places when it is at the limit
 * (the key retirer does so on its schedule; a request at the limit does not wait for it).
 */
async function activeCountAfterEnds(ctx: AppContext, userId: number) {
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  const seen = await repo.activeCount(userId);
  if (seen.count < MAX_ACTIVE_KEYS) return seen;
  const now = ctx.now();
  const ended = await repo.endedPlaces(userId, now);
  let settled = 0;
  for (const key of ended) if (await repo.settleEndedWindow(key.id, userId, now)) settled++;
  return settled > 0 ? repo.activeCount(userId) : seen;
}

/** What a key's write carries besides the key: the Idempotency-Key's answer, and the audit log's entry of the change. */
const alsoWritten = (once: Once | undefined, answer: CreatedApiKey, audit: TransactItem | null): TransactItem[] => [
  ...(once ? [once.completion(answer)] : []),
  ...(audit ? [audit] : []),
];

/**
 * Creates a key for the user, refused with 409 KEY_LIMIT_REACHED at the limit. The limit holds under concurrent
 * requests: the key is stored in one transaction with the user's active count, on the condition that it is under the
 * limit. With `caller` (every request does; tools may not), the audit log's entry is written in that transaction.
 */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  name: string | null,
  scope: KeyScope = 'sell',
  once?: Once,
  caller?: AuditCaller,
): Promise<CreatedApiKey> {
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  let seen = await activeCountAfterEnds(ctx, userId);
  if (seen.count >= MAX_ACTIVE_KEYS) throw keyLimitReached();
  const issuer = apiKeyIssuerOf(ctx);
  const { apiKey, record } = await issueKey(ctx, userId, name, scope);
  const { id } = record;
  const answer = createdKey(apiKey, record);
  const also = alsoWritten(once, answer, caller ? auditItemOf(ctx, caller, 'api_key.created', { type: 'api_key', id }) : null);
  try {
    for (let attempt = 1; ; attempt++) {
      const outcome = await repo.insert(record, MAX_ACTIVE_KEYS, seen, also);
      if (outcome.kind === 'written') break;
      if (outcome.kind === 'limit-reached' || attempt >= COUNT_ATTEMPTS) throw keyLimitReached();
      seen = await repo.activeCount(userId);
      if (seen.count >= MAX_ACTIVE_KEYS) throw keyLimitReached();
    }
  } catch (error) {
    // Without its record the key would be refused anyway; do not leave it registered.
    await issuer.unregister(id).catch(() => undefined);
    throw error;
  }
  return answer;
}

/** A new key registered where keys are checked, and its record (not stored yet); a new key is pinned to the newest version. */
async function issueKey(ctx: AppContext, userId: number, name: string | null, scope: KeyScope, version: ApiVersion = LATEST_API_VERSION) {
  const apiKey = generateApiKey();
  const createdAt = ctx.now().toISOString();
  const id = await apiKeyIssuerOf(ctx).register({ value: apiKey, name: `partner-${userId}-${createdAt.replace(/[:.]/g, '')}` });
  const record: ApiKeyRecord = {
    id,
    userId,
    name,
    scope,
    version,
    prefix: apiKey.slice(0, KEY_PREFIX_LENGTH),
    keyHash: hashApiKey(apiKey),
    createdAt,
    lastUsedAt: null,
    revokedAt: null,
    expiresAt: null,
    holdsPlace: false,
  };
  return { apiKey, record };
}

const createdKey = (apiKey: string, record: ApiKeyRecord): CreatedApiKey => ({
  id: record.id,
  apiKey,
  name: record.name,
  prefix: record.prefix!,
  scope: record.scope,
  createdAt: record.createdAt,
});

/**
 * Rolls one of the user's keys: a new key with the same name and scope, while the old one keeps working for
 * `overlapHours` (0: it stops now) and is then refused, and deleted where keys are checked by the key retirer. During
 * its window the old key still counts among the active keys, so a roll with a window needs a free place: at the limit
 * → 409 KEY_LIMIT_REACHED (with 0 hours the new key takes the old one's place). Another user's or an unknown key → 404
 * API_KEY_NOT_FOUND; a revoked or already rolled key → 409 KEY_NOT_ROLLABLE. With `caller`, the audit log's entry is
 * written in the roll's transaction.
 */
export async function rollApiKey(
  ctx: AppContext,
  userId: number,
  id: string,
  overlapHours: number,
  once?: Once,
  caller?: AuditCaller,
): Promise<CreatedApiKey> {
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  const old = await repo.get(id);
  if (!old || old.userId !== userId) throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  if (old.revokedAt !== null || old.expiresAt !== null) throw notRollable(old);
  const windowed = overlapHours > 0;
  let seen = windowed ? await activeCountAfterEnds(ctx, userId) : null;
  if (seen && seen.count >= MAX_ACTIVE_KEYS) throw keyLimitReached(true);
  // The successor answers as its predecessor did: the pin moves with the key.
  const { apiKey, record } = await issueKey(ctx, userId, old.name, old.scope, keyVersion(old));
  const expiresAt = new Date(Date.parse(record.createdAt) + overlapHours * 3_600_000).toISOString();
  const answer = createdKey(apiKey, record);
  const audit = caller ? auditItemOf(ctx, caller, 'api_key.rolled', { type: 'api_key', id, detail: record.id }) : null;
  const also = alsoWritten(once, answer, audit);
  // Without its record the new key would be refused anyway; do not leave it registered.
  const unregister = () =>
    apiKeyIssuerOf(ctx)
      .unregister(record.id)
      .catch(() => undefined);
  let outcome: Awaited<ReturnType<typeof repo.roll>>;
  try {
    for (let attempt = 1; ; attempt++) {
      outcome = await repo.roll(id, record, expiresAt, seen && { limit: MAX_ACTIVE_KEYS, seen }, also);
      if (outcome.kind !== 'count-changed' || attempt >= COUNT_ATTEMPTS) break;
      seen = await repo.activeCount(userId);
      if (seen.count >= MAX_ACTIVE_KEYS) break;
    }
  } catch (error) {
    await unregister();
    throw error;
  }
  if (outcome.kind === 'rolled') return answer;
  await unregister();
  if (outcome.kind === 'not-found') throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  if (outcome.kind === 'limit-reached' || outcome.kind === 'count-changed') throw keyLimitReached(true);
  throw notRollable({ revokedAt: outcome.kind === 'revoked' ? 'revoked' : null });
}

const notRollable = (key: Pick<ApiKeyRecord, 'revokedAt'>) =>
  conflict(
    'KEY_NOT_ROLLABLE',
    key.revokedAt !== null ? 'a revoked key cannot be rolled' : 'this key was rolled already; roll its successor',
  );

/** Rolled keys retired at most per run of the key retirer; the next run takes the rest. */
const RETIRE_BATCH = 50;

/**
 * Retires the rolled keys whose window has ended: each gives up its place among its owner's active keys, is deleted
 * where keys are checked (API Gateway in AWS, so it no longer counts against the account's keys there), and its end is
 * forgotten; what the key retirer runs on its schedule. Every step may be repeated, so a run cut short is finished by
 * the next. The handlers refuse such a key from its `expiresAt` on anyway. → how many keys were retired.
 */
export async function retireEndedKeys(ctx: AppContext): Promise<number> {
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  const now = ctx.now();
  const ended = await repo.endedWindows(now, RETIRE_BATCH);
  for (const { id } of ended) {
    const key = await repo.get(id);
    if (key?.holdsPlace) await repo.settleEndedWindow(id, key.userId, now);
    await apiKeyIssuerOf(ctx).unregister(id);
    await repo.forgetWindow(id);
  }
  return ended.length;
}

/** The user's keys, revoked ones included, newest first. */
export async function listApiKeys(ctx: AppContext, userId: number): Promise<ApiKeyView[]> {
  const [records, counted] = await Promise.all([apiKeyRepo(dbOf(ctx), ctx.tableName).listByUser(userId), countedLastUses(ctx, userId)]);
  return records.map((record) => presentApiKey(withLastUse(record, counted.get(record.id))));
}

/**
 * The key's last use: the later of the stamp on its record (the operations outside the daily count, and uses before
 * the count kept its time) and its last counted request.
 */
const withLastUse = (record: ApiKeyRecord, counted: string | undefined): ApiKeyRecord =>
  counted !== undefined && (record.lastUsedAt === null || counted > record.lastUsedAt) ? { ...record, lastUsedAt: counted } : record;

/**
 * Revokes one of the user's keys: refused by the handlers from the next request on, then unregistered.
 * Revoking an already revoked key of one's own succeeds again (and records nothing); another user's or an unknown id
 * → 404. With `caller`, the audit log's entry is written in the revocation's transaction.
 */
export async function revokeApiKey(ctx: AppContext, userId: number, id: string, caller?: AuditCaller): Promise<void> {
  const audit = caller ? [auditItemOf(ctx, caller, 'api_key.revoked', { type: 'api_key', id })] : [];
  const outcome = await apiKeyRepo(dbOf(ctx), ctx.tableName).revoke(id, userId, ctx.now(), audit);
  if (outcome.kind === 'not-found') throw notFound('API_KEY_NOT_FOUND', 'no such API key');
  await apiKeyIssuerOf(ctx).unregister(id);
}

/** The active key record with this id; null when unknown, revoked, or rolled and past the end of its window. */
export async function activeApiKey(ctx: AppContext, id: string): Promise<ApiKeyRecord | null> {
  const record = await apiKeyRepo(dbOf(ctx), ctx.tableName).get(id);
  return record && isActiveKey(record, ctx.now()) ? record : null;
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

/** Whether the key a kept create or roll answer showed still works: a replay after it is revoked or ended omits it. */
export const createdKeyStillActive = async (ctx: AppContext, answer: { id: string }): Promise<boolean> =>
  (await activeApiKey(ctx, answer.id)) !== null;
