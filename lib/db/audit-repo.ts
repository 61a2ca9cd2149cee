// The only module that speaks DynamoDB for the partner's audit log: an entry is one Put that joins the transaction of
// the change it records (`auditItemOf`), so there is never a change without its entry nor an entry without its change;
// entries are read newest first from the partner's partition and expire a year after they were written (TTL).
import { randomBytes } from 'node:crypto';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENTITY, auditEntryKey, auditLogPartition, auditSortKey } from '#lib/db/keys.ts';
import type { TransactItem } from '#lib/db/transaction.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { AuditAction, AuditTargetType } from '#lib/partner/audit-log-schemas.ts';

type Item = Record<string, unknown>;

/** Who made a change: the signed-in user (the partner: its log is the one written) and the address the request came from. */
export interface AuditCaller {
  userId: number;
  email: string;
  /** The request's source address (`requestContext.identity.sourceIp`); null when the event names none. */
  ip: string | null;
}

/** What an action acts on; `detail` as the action defines it (a sign-in's method, a roll's new key, a resend's event). */
export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  detail?: string | null;
}

interface AuditEntry {
  id: string;
  partnerId: number;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; detail: string | null };
  actor: { id: number; email: string };
  ip: string | null;
  at: string;
}

/** Where a page of the log starts after: an entry's time and id. */
export interface AuditPosition {
  at: string;
  id: string;
}

/** Entries are kept this long, then expire (the table's TTL; a read never answers an older one). */
export const AUDIT_KEEP_DAYS = 365;
const KEEP_SECONDS = AUDIT_KEEP_DAYS * 24 * 3600;

const newEntryId = (): string => `aud_${randomBytes(16).toString('base64url')}`;

function toItem(entry: AuditEntry): Item {
  return {
    ...auditEntryKey(entry.partnerId, entry.at, entry.id),
    entity: ENTITY.auditEntry,
    ...entry,
    ttl: Math.floor(Date.parse(entry.at) / 1000) + KEEP_SECONDS,
  };
}

function fromItem(item: Item): AuditEntry {
  const target = item.target as AuditEntry['target'];
  return {
    id: item.id as string,
    partnerId: item.partnerId as number,
    action: item.action as AuditAction,
    target: { type: target.type, id: target.id, detail: target.detail ?? null },
    actor: item.actor as AuditEntry['actor'],
    ip: (item.ip as string | null | undefined) ?? null,
    at: item.at as string,
  };
}

/**
 * The entry recording `action` on `target` by `caller`, now, in the caller's log, as one item of the transaction that
 * makes the change: every write that makes an audited change takes it among its `also` items.
 */
export function auditItemOf(
  ctx: Pick<AppContext, 'tableName' | 'now'>,
  caller: AuditCaller,
  action: AuditAction,
  target: AuditTarget,
): TransactItem {
  const entry: AuditEntry = {
    id: newEntryId(),
    partnerId: caller.userId,
    action,
    target: { type: target.type, id: target.id, detail: target.detail ?? null },
    actor: { id: caller.userId, email: caller.email },
    ip: caller.ip,
    at: ctx.now().toISOString(),
  };
  // Ids are random: the condition only makes a collision a refusal rather than an overwrite.
  return { Put: { TableName: ctx.tableName, Item: toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export interface AuditPage {
  entries: AuditEntry[];
  next: AuditPosition | null;
}

export const auditRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * The partner's entries newest first, `limit` of them after `after`, none written before `oldest` (expired: the TTL
   * deletes them lazily); `next` is the last entry's position when more follow.
   */
  async page(partnerId: number, query: { limit: number; after: AuditPosition | null; oldest: string }): Promise<AuditPage> {
    const found: Item[] = [];
    let startKey: Item | undefined = query.after ? auditEntryKey(partnerId, query.after.at, query.after.id) : undefined;
    // One more than the page: whether it exists says whether another page follows.
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk > :oldest',
          ExpressionAttributeValues: { ':pk': auditLogPartition(partnerId), ':oldest': auditSortKey(query.oldest, '') },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
          Limit: query.limit + 1 - found.length,
        }),
      );
      found.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
    } while (startKey && found.length <= query.limit);
    const entries = found.slice(0, query.limit).map(fromItem);
    const last = entries.at(-1);
    return { entries, next: found.length > query.limit && last ? { at: last.at, id: last.id } : null };
  },
});
