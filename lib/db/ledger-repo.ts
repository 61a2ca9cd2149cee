// The only module that speaks DynamoDB for the partners' ledger: its entries (each by id, listed by partner and time on
// gsi1), the totals kept per month, currency and type as each entry is written, and the payment references. An entry is
// put only if absent and its totals move in the same transaction, so the totals are always the entries' sum.
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from '#lib/db/table.ts';
import {
  ENTITY,
  LEDGER_TOTALS_SHARDS,
  ledgerEntryKey,
  ledgerTotalsKey,
  ledgerTotalsPartition,
  partnerLedgerIndexKey,
  partnerLedgerPartition,
  partnerLedgerSortKey,
  paymentReferenceKey,
} from '#lib/db/keys.ts';
import { queryAll } from '#lib/db/query-all.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import type { EntryType, LedgerEntry } from '#lib/money/entry.ts';
import type { Lines, TotalsRow } from '#lib/money/totals.ts';

type Item = Record<string, unknown>;

/** A position in a partner's ledger: the page after it starts with the next entry in the page's direction. */
export interface LedgerPosition {
  createdAt: string;
  entryId: string;
}

export interface LedgerRange {
  /** Inclusive ISO times (any instant: the sort key compares as text, and every stored time is `…T…Z` with milliseconds). */
  from?: string;
  to?: string;
}

const TYPE_ATTRIBUTES = { sale: 'sale', reversal: 'reversal', payment: 'payment' } as const satisfies Record<EntryType, string>;
type Member = 'Count' | 'Gross' | 'Commission' | 'Due';

/** Below every entry's sort key (they start with a year): DynamoDB takes no empty string in a key condition. */
const BEFORE_EVERY_ENTRY = '0';

/** Entries one filtered page may read before it answers what it found (a rare type then pages on). */
const MAX_FILTERED_READ = 1000;

function toItem(entry: LedgerEntry): Item {
  return {
    ...ledgerEntryKey(entry.id),
    ...partnerLedgerIndexKey(entry.partnerId, entry.createdAt, entry.id),
    entity: ENTITY.ledgerEntry,
    ...entry,
  };
}

function fromItem(item: Item): LedgerEntry {
  return {
    id: item.id as string,
    type: item.type as EntryType,
    partnerId: item.partnerId as number,
    orderId: (item.orderId as string | undefined) ?? null,
    plaqueId: (item.plaqueId as number | undefined) ?? null,
    currency: item.currency as string,
    gross: item.gross as number,
    commission: item.commission as number,
    due: item.due as number,
    reference: (item.reference as string | undefined) ?? null,
    bps: (item.bps as number | undefined) ?? null,
    createdAt: item.createdAt as string,
  };
}

const linesOf = (item: Item, type: EntryType): Lines => {
  const prefix = TYPE_ATTRIBUTES[type];
  const value = (member: Member) => (item[`${prefix}${member}`] as number | undefined) ?? 0;
  return { count: value('Count'), gross: value('Gross'), commission: value('Commission'), due: value('Due') };
};

function totalsFromItem(item: Item): TotalsRow {
  return {
    month: item.month as string,
    currency: item.currency as string,
    lines: { sale: linesOf(item, 'sale'), reversal: linesOf(item, 'reversal'), payment: linesOf(item, 'payment') },
  };
}

/** The totals row an entry adds to: by a hash of its id, so one entry always lands on the same shard. */
const shardOf = (entryId: string): number => createHash('sha256').update(entryId).digest().readUInt32BE(0) % LEDGER_TOTALS_SHARDS;

/** The position of an index entry (sort key `<createdAt>#<entry id>`; the time holds no `#`). */
function positionOf(item: Item): LedgerPosition {
  const sortKey = item.gsi1sk as string;
  const at = sortKey.indexOf('#');
  return { createdAt: sortKey.slice(0, at), entryId: sortKey.slice(at + 1) };
}

/** The index keys DynamoDB wants to go on after a position: the entry's table keys and its index keys. */
const startKeyOf = (partnerId: number, position: LedgerPosition): Item => ({
  ...ledgerEntryKey(position.entryId),
  ...partnerLedgerIndexKey(partnerId, position.createdAt, position.entryId),
});

export const ledgerRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  /**
   * The entry and its totals, as items of the transaction that causes it (the sale's, the cancellation's, the
   * payment's): the entry only if no entry has its id, the totals row of its month, currency and shard moved by its amounts.
   */
  entryItems(entry: LedgerEntry): TransactItem[] {
    const prefix = TYPE_ATTRIBUTES[entry.type];
    const month = entry.createdAt.slice(0, 7);
    return [
      { Put: { TableName: tableName, Item: toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName,
          Key: ledgerTotalsKey(entry.partnerId, month, entry.currency, shardOf(entry.id)),
          UpdateExpression:
            'SET entity = :entity, partnerId = :partner, #month = :month, currency = :currency ' +
            `ADD ${prefix}Count :one, ${prefix}Gross :gross, ${prefix}Commission :commission, ${prefix}Due :due`,
          ExpressionAttributeNames: { '#month': 'month' },
          ExpressionAttributeValues: {
            ':entity': ENTITY.ledgerTotals,
            ':partner': entry.partnerId,
            ':month': month,
            ':currency': entry.currency,
            ':one': 1,
            ':gross': entry.gross,
            ':commission': entry.commission,
            ':due': entry.due,
          },
        },
      },
    ];
  },

  /** Writes an entry and its totals on its own; `exists` when an entry has its id already (nothing written). */
  async writeEntry(entry: LedgerEntry): Promise<{ kind: 'written' } | { kind: 'exists' }> {
    return transactWrite<{ kind: 'written' } | { kind: 'exists' }>(
      db,
      this.entryItems(entry),
      { written: () => ({ kind: 'written' }), refused: () => ({ kind: 'exists' }) },
      { conflictRetries: 3 },
    );
  },

  /** One entry by id (strongly consistent); null when there is none. */
  async get(entryId: string): Promise<LedgerEntry | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: ledgerEntryKey(entryId), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** The partner's totals rows of every month up to `month` (`YYYY-MM`) inclusive, or of every month: one Query. */
  async totals(partnerId: number, upToMonth?: string): Promise<TotalsRow[]> {
    const items = await queryAll(db, {
      TableName: tableName,
      KeyConditionExpression: upToMonth ? 'pk = :pk AND sk < :after' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': ledgerTotalsPartition(partnerId), ...(upToMonth && { ':after': `${upToMonth}#\uffff` }) },
    });
    return items.map(totalsFromItem);
  },

  /**
   * A page of the partner's entries, newest first, within an inclusive time range and optionally of one type. A typed
   * page reads at most MAX_FILTERED_READ entries and may then hold fewer than `limit` with a position to go on from.
   */
  async pageNewestFirst(
    partnerId: number,
    query: LedgerRange & { type?: EntryType; limit: number; after: LedgerPosition | null },
  ): Promise<{ entries: LedgerEntry[]; next: LedgerPosition | null }> {
    const found: Item[] = [];
    let startKey: Item | undefined = query.after ? startKeyOf(partnerId, query.after) : undefined;
    let read = 0;
    while (found.length <= query.limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
          Limit: query.type ? 100 : query.limit + 1 - found.length,
          ...(query.type && { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } }),
          ExpressionAttributeValues: {
            ':pk': partnerLedgerPartition(partnerId),
            ':from': query.from ?? BEFORE_EVERY_ENTRY,
            // After every entry of the last millisecond: the sort key continues past the time with `#`.
            ':to': query.to ? `${query.to}#\uffff` : '\uffff',
            ...(query.type && { ':type': query.type }),
          },
        }),
      );
      found.push(...(out.Items ?? []));
      read += out.ScannedCount ?? 0;
      startKey = out.LastEvaluatedKey;
      if (!startKey) break;
      if (read >= MAX_FILTERED_READ && found.length <= query.limit) return { entries: found.map(fromItem), next: positionOf(startKey) };
    }
    const entries = found.slice(0, query.limit);
    return { entries: entries.map(fromItem), next: found.length > query.limit ? positionOf(found[query.limit - 1]!) : null };
  },

  /**
   * Up to `max` of the partner's entries from `from` (inclusive) to before `until`, oldest first, after a position: the
   * rows of a month's statement file, read in 1 MB pages of the index (never a scan).
   */
  async oldestFirst(
    partnerId: number,
    range: { from: string; until: string; after: LedgerPosition | null; max: number },
  ): Promise<{ entries: LedgerEntry[]; next: LedgerPosition | null }> {
    const entries: LedgerEntry[] = [];
    let startKey: Item | undefined = range.after ? startKeyOf(partnerId, range.after) : undefined;
    // One entry past `max` tells whether another page follows, so the last page never comes empty.
    while (entries.length <= range.max) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
          ExclusiveStartKey: startKey,
          Limit: range.max + 1 - entries.length,
          ExpressionAttributeValues: {
            ':pk': partnerLedgerPartition(partnerId),
            ':from': range.from || BEFORE_EVERY_ENTRY,
            // Before the first entry of `until`: `#` sorts before every digit.
            ':to': partnerLedgerSortKey(range.until, ''),
          },
        }),
      );
      entries.push(...(out.Items ?? []).map(fromItem));
      startKey = out.LastEvaluatedKey;
      if (!startKey) break;
    }
    if (entries.length <= range.max) return { entries, next: null };
    const last = entries[range.max - 1]!;
    return { entries: entries.slice(0, range.max), next: { createdAt: last.createdAt, entryId: last.id } };
  },

  /**
   * Records a payment: the reference claimed for the partner, the entry and its totals, all or nothing.
   * `duplicate-reference`: the partner already has a payment with this reference (nothing written).
   */
  async recordPayment(entry: LedgerEntry): Promise<{ kind: 'recorded' } | { kind: 'duplicate-reference' }> {
    const claim: TransactItem = {
      Put: {
        TableName: tableName,
        Item: { ...paymentReferenceKey(entry.partnerId, entry.reference!), entity: ENTITY.paymentReference, entryId: entry.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    return transactWrite<{ kind: 'recorded' } | { kind: 'duplicate-reference' }>(
      db,
      [claim, ...this.entryItems(entry)],
      {
        written: () => ({ kind: 'recorded' }),
        refused: (refusal) => {
          if (refusal.rejected(0)) return { kind: 'duplicate-reference' };
          // Payment ids are random: a collision is a fault, not an answer.
          throw new Error(`payment entry ${entry.id} exists already`);
        },
      },
      { conflictRetries: 3 },
    );
  },
});
