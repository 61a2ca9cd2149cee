// A presented API key recognised by its hash, with nothing of the key issuer: the rules api-keys.ts checks keys by,
// and what a public read needs to find the API version a partner's key is pinned to (lib/http/principals.ts).
import { createHash } from 'node:crypto';
import { apiKeyRepo, type ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { UNPINNED_API_VERSION, type ApiVersion } from '#lib/versions/versions.ts';

/** What every key starts with. */
export const API_KEY_PREFIX = 'pk_';

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether the key works at `now`: not revoked, and not rolled and past the end of its window. */
export const isActiveKey = (record: ApiKeyRecord, now: Date): boolean =>
  record.revokedAt === null && (record.expiresAt === null || Date.parse(record.expiresAt) > now.getTime());

/** The API version the key is pinned to: a key stored before pins were kept reads as the shapes it was made with. */
export const keyVersion = (record: ApiKeyRecord): ApiVersion => record.version ?? UNPINNED_API_VERSION;

/**
 * The version the presented key is pinned to; undefined when no key is presented, or the one presented is unknown,
 * revoked or ended (a public read is answered all the same, in the default version).
 */
export async function presentedKeyVersion(ctx: AppContext, presented: string | undefined): Promise<ApiVersion | undefined> {
  if (!presented?.startsWith(API_KEY_PREFIX)) return undefined;
  const repo = apiKeyRepo(dbOf(ctx), ctx.tableName);
  const id = await repo.idForHash(hashApiKey(presented));
  const record = id === null ? null : await repo.get(id);
  return record && isActiveKey(record, ctx.now()) ? keyVersion(record) : undefined;
}
