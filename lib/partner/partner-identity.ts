// Who is calling a partner route: the partner behind the API key API Gateway (or the local server) accepted,
// re-checked here because usage-plan enforcement is best-effort and revocation must hold from the next request; where
// the request is counted against the key's daily quota; and where the key's last use is recorded, the same way in AWS
// and locally.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { forbidden } from '#lib/errors.ts';
import type { ApiKeyRecord } from '#lib/db/api-key-repo.ts';
import { activeApiKey, recordKeyUse } from '#lib/partner/api-keys.ts';
import { countKeyRequest, type KeyWindow } from '#lib/partner/key-quota.ts';
import { keyVersion } from '#lib/partner/presented-key.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { ApiVersion } from '#lib/versions/versions.ts';

export interface Partner {
  /** The account that owns the key: holds, orders and idempotency keys belong to it, whichever of its keys is used. */
  partnerId: number;
  apiKeyId: string;
  /**
   * The API version the key is pinned to: its requests are answered in it unless they name another (absent where a
   * partner is named without its key, as an operator's command does).
   */
  version?: ApiVersion;
}

const refused = () => forbidden('FORBIDDEN', 'a valid x-api-key header is required');

type KeyedEvent = Pick<APIGatewayProxyEvent, 'requestContext'>;

/** The active record of each request's key, read once per request: the quota's count and the caller's check share it. */
const keysRead = new WeakMap<KeyedEvent, Promise<ApiKeyRecord | null>>();

/** The requests counted against their key's quota: the count keeps the key's last use, so nothing else stamps it. */
const counted = new WeakSet<KeyedEvent>();

function activeKeyOf(ctx: AppContext, event: KeyedEvent): Promise<ApiKeyRecord | null> {
  const apiKeyId = event.requestContext?.identity?.apiKeyId;
  if (!apiKeyId) return Promise.resolve(null);
  let read = keysRead.get(event);
  if (!read) keysRead.set(event, (read = activeApiKey(ctx, apiKeyId)));
  return read;
}

/**
 * Counts the request against its key's daily quota (lib/partner/key-quota.ts), before anything else about it is read,
 * as the usage plan counts it before the function runs: the key's window, or null when the key is not active (the
 * caller's check refuses it). A key whose owner is gone is counted, as the usage plan counts it, then refused.
 */
export async function meterPartnerKey(ctx: AppContext, event: KeyedEvent): Promise<KeyWindow | null> {
  const record = await activeKeyOf(ctx, event);
  if (!record) return null;
  const window = await countKeyRequest(ctx, record);
  counted.add(event);
  return window;
}

/**
 * The calling partner; 403 FORBIDDEN (as API Gateway answers) when the key is missing, unknown, revoked or past the end
 * of its window after a roll, or when its owner no longer exists or is deleted: a key works only while its owner does
 * (the usage plan knows nothing of owners, so this is where a deleted owner's keys stop). A `read` key calling an
 * operation that needs `sell` → 403 KEY_SCOPE_INSUFFICIENT (its use is still recorded: the key is valid).
 */
export async function requirePartner(ctx: AppContext, event: KeyedEvent, needs: KeyScope): Promise<Partner> {
  const record = await activeKeyOf(ctx, event);
  if (!record) throw refused();
  const owner = await userRepo(dbOf(ctx), ctx.tableName).get(record.userId);
  if (!owner || owner.deletedAt !== null) throw refused();
  // The one write of a counted request is its count, which keeps the last use too; an operation outside the count
  // (balance, ledger, statements) stamps the key's record, at most once a minute.
  if (!counted.has(event)) await recordKeyUse(ctx, record);
  if (needs === 'sell' && record.scope !== 'sell') {
    throw forbidden('KEY_SCOPE_INSUFFICIENT', 'this API key may only read; this operation needs a key of scope sell');
  }
  return { partnerId: record.userId, apiKeyId: record.id, version: keyVersion(record) };
}
