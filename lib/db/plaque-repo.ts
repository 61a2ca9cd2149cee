// The only module that speaks DynamoDB for plaques: records, the name claims, the catalogue index, the wallets' index
// of minted plaques and the id counter.
import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allocate } from '#lib/db/counter-repo.ts';
import { conditionalWrite } from '#lib/db/conditional-write.ts';
import { transactWrite, type TransactItem } from '#lib/db/transaction.ts';
import type { PlaqueHold } from '#lib/partner/plaque-state.ts';
import {
  ENTITY,
  PLAQUE_NAME_PREFIX,
  catalogKey,
  catalogSortKey,
  plaqueKey,
  plaqueNameKey,
  walletPlaqueIndexKey,
  walletPlaquesPartition,
} from '#lib/db/keys.ts';
import { GSI1 } from '#lib/db/table.ts';
import { countAll } from '#lib/db/query-all.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { currentAttributes } from '#lib/db/legacy-values.ts';

type Item = Record<string, unknown>;

export function toItem(plaque: StoredPlaque): Item {
  return {
    ...plaqueKey(plaque.id),
    ...catalogKey(plaque.updatedAt, plaque.id),
    ...walletIndexOf(plaque),
    entity: ENTITY.plaque,
    ...plaque,
  };
}

/** Values stored by earlier versions are read as the interface's (see lib/db/legacy-values.ts). */
export function fromItem(item: Item): StoredPlaque {
  const { pk: _pk, sk: _sk, catpk: _cp, catsk: _cs, gsi1pk: _gp, gsi1sk: _gs, entity: _e, ...record } = item;
  return currentAttributes(record) as unknown as StoredPlaque;
}

/**
 * The wallet index keys of a plaque (gsi1): only a MINTED plaque that names its wallet and is not deleted is listed
 * under its wallet; every other plaque carries none.
 */
export function walletIndexOf(
  plaque: Pick<StoredPlaque, 'id' | 'status' | 'wallet_address' | 'mintedAt' | 'deletedAt'>,
): ReturnType<typeof walletPlaqueIndexKey> | Record<string, never> {
  const { id, status, wallet_address: wallet, mintedAt, deletedAt } = plaque;
  return status === 'MINTED' && wallet && mintedAt && deletedAt === null ? walletPlaqueIndexKey(wallet, mintedAt, id) : {};
}

/** A position in a wallet's minted plaques (newest mint first): the page after it starts with the next older mint. */
export interface WalletPlaquePosition {
  mintedAt: string;
  id: number;
}

/** One page of a wallet's minted plaques, newest mint first, and the position to go on from (null on the last page). */
export interface WalletPlaquePage {
  plaques: StoredPlaque[];
  next: WalletPlaquePosition | null;
}

const BATCH_GET_LIMIT = 100;
/** Items a single TransactWriteItems call may touch (DynamoDB's limit). */
const TRANSACTION_LIMIT = 100;

/** The claim of a plaque's name: written with the plaque, so two plaques never share a name. */
function nameClaimToItem(plaque: StoredPlaque): Item {
  return { ...plaqueNameKey(plaque.name), entity: ENTITY.plaqueName, plaqueId: plaque.id };
}

export type InsertOutcome = { kind: 'inserted' } | { kind: 'name-taken'; name: string } | { kind: 'id-taken'; id: number };

export type HoldOutcome = { kind: 'held' } | { kind: 'refused'; current: PlaqueForSale | null };

/** `released`; or `refused` with the plaque as the refusal found it (changed since it was read, or no longer so held). */
export type ReleaseOutcome = { kind: 'released' } | { kind: 'refused'; current: PlaqueForSale | null };

/** An operator's change: recorded, or refused with the plaque as it now is (null when gone). */
type ChangeOutcome = { kind: 'recorded' } | { kind: 'changed'; current: StoredPlaque | null };

/** A featuring's answer: the plaque as updated, or nothing written because there is no such plaque. */
type FeatureOutcome = { kind: 'updated'; plaque: StoredPlaque } | { kind: 'not-found' };

export const plaqueRepo = (db: DynamoDBDocumentClient, tableName: string) => ({
  async get(id: number): Promise<StoredPlaque | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: plaqueKey(id) }));
    return out.Item ? fromItem(out.Item) : null;
  },

  /** Reads the given plaques by key (BatchGetItem), retrying unprocessed keys; missing ids are absent from the map. */
  async getMany(ids: number[]): Promise<Map<number, StoredPlaque>> {
    const found = new Map<number, StoredPlaque>();
    for (let i = 0; i < ids.length; i += BATCH_GET_LIMIT) {
      let keys: Item[] | undefined = ids.slice(i, i + BATCH_GET_LIMIT).map(plaqueKey);
      for (let attempt = 0; keys && keys.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        const out = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } }, ReturnConsumedCapacity: 'TOTAL' }));
        for (const item of out.Responses?.[tableName] ?? []) {
          const plaque = fromItem(item);
          found.set(plaque.id, plaque);
        }
        keys = out.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
      }
    }
    return found;
  },

  /** The plaque that holds a name (as stored: upper-case letters), read through its name claim; null when none does. */
  async getByName(name: string): Promise<StoredPlaque | null> {
    const claim = await db.send(new GetCommand({ TableName: tableName, Key: plaqueNameKey(name), ProjectionExpression: 'plaqueId' }));
    return typeof claim.Item?.plaqueId === 'number' ? this.get(claim.Item.plaqueId) : null;
  },

  /**
   * A page of the plaques minted to a wallet (any casing), newest mint first (then highest id), after a position or
   * from the newest: one Query of the wallet's partition of gsi1, `limit` + 1 entries (the one more tells whether
   * another page follows). The index is eventually consistent: a mint shows within about a second.
   */
  async pageByWallet(wallet: string, query: { limit: number; after: WalletPlaquePosition | null }): Promise<WalletPlaquePage> {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': walletPlaquesPartition(wallet) },
        ScanIndexForward: false,
        Limit: query.limit + 1,
        ...(query.after && {
          ExclusiveStartKey: { ...plaqueKey(query.after.id), ...walletPlaqueIndexKey(wallet, query.after.mintedAt, query.after.id) },
        }),
      }),
    );
    const plaques = (out.Items ?? []).map(fromItem);
    const last = plaques.length > query.limit ? plaques[query.limit - 1]! : null;
    return { plaques: plaques.slice(0, query.limit), next: last && { mintedAt: last.mintedAt!, id: last.id } };
  },

  /**
   * How many plaques are minted to a wallet: Select COUNT over the wallet's partition of gsi1. It returns no item but
   * is billed for every entry it reads (about 0.9 KB a plaque: 0.11 RCU a plaque, at least 0.5; docs/bench.md), following
   * DynamoDB's 1 MB pages.
   */
  countByWallet: (wallet: string): Promise<number> =>
    countAll(db, {
      TableName: tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': walletPlaquesPartition(wallet) },
    }),

  /** Which of the given names are already claimed by a plaque. */
  async claimedNames(names: string[]): Promise<Set<string>> {
    const claimed = new Set<string>();
    for (let i = 0; i < names.length; i += BATCH_GET_LIMIT) {
      let keys: Item[] | undefined = names.slice(i, i + BATCH_GET_LIMIT).map(plaqueNameKey);
      while (keys && keys.length > 0) {
        const out = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ProjectionExpression: 'pk' } } }));
        for (const item of out.Responses?.[tableName] ?? []) claimed.add(String(item.pk).slice(PLAQUE_NAME_PREFIX.length));
        keys = out.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
      }
    }
    return claimed;
  },

  /** Next `count` plaque ids from the atomic counter. */
  allocateIds: (count: number): Promise<number[]> => allocate(db, tableName, 'plaque', count),

  /**
   * Writes new plaques, each with the claim on its name, all or nothing per call (≤ 50 plaques). → `inserted`, or,
   * writing nothing, `name-taken` (another plaque holds the name) or `id-taken` (a plaque with the id exists).
   */
  async insertMany(plaques: StoredPlaque[]): Promise<InsertOutcome> {
    if (plaques.length * 2 > TRANSACTION_LIMIT) throw new RangeError(`at most ${TRANSACTION_LIMIT / 2} plaques per call`);
    if (plaques.length === 0) return { kind: 'inserted' };
    return transactWrite<InsertOutcome>(
      db,
      plaques.flatMap((plaque) => [
        { Put: { TableName: tableName, Item: toItem(plaque), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName, Item: nameClaimToItem(plaque), ConditionExpression: 'attribute_not_exists(pk)' } },
      ]),
      {
        written: () => ({ kind: 'inserted' }),
        refused: ({ first }) => {
          const plaque = plaques[Math.floor(first / 2)]!;
          return first % 2 === 1 ? { kind: 'name-taken', name: plaque.name } : { kind: 'id-taken', id: plaque.id };
        },
      },
      { conflictRetries: 3 },
    );
  },

  /**
   * Marks a plaque featured (stamping featuredAt) or not; bumps updatedAt so listings pick the change up.
   * → `updated` with the plaque as updated; `not-found` when there is no such plaque.
   */
  setFeatured(id: number, featured: boolean, now: Date): Promise<FeatureOutcome> {
    const at = now.toISOString();
    return conditionalWrite<UpdateCommand, FeatureOutcome>(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: plaqueKey(id),
        UpdateExpression: 'SET featured = :f, featuredAt = :fa, updatedAt = :u, catsk = :cs',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':f': featured, ':fa': featured ? at : null, ':u': at, ':cs': catalogSortKey(at, id) },
        ReturnValues: 'ALL_NEW',
      }),
      { written: (output) => ({ kind: 'updated', plaque: fromItem(output.Attributes!) }), refused: () => ({ kind: 'not-found' }) },
    );
  },

  /**
   * An operator's change of a plaque's price, currency or featuring (`changed`: the plaque as read with those members and
   * a later updatedAt), in one transaction with the items that record it (its activity entry): applies only while the
   * plaque is exactly as read (same updatedAt). → `recorded`; or `changed`, writing nothing, with the plaque as the
   * refusal found it (ALL_OLD; null when it is gone).
   */
  changeRecorded(read: StoredPlaque, changed: StoredPlaque, also: TransactItem[]): Promise<ChangeOutcome> {
    const update = {
      TableName: tableName,
      Key: plaqueKey(read.id),
      UpdateExpression:
        'SET price = :price, currency = :currency, featured = :featured, featuredAt = :featuredAt, updatedAt = :u, catsk = :cs',
      ConditionExpression: 'updatedAt = :seen',
      ExpressionAttributeValues: {
        ':price': changed.price,
        ':currency': changed.currency,
        ':featured': changed.featured,
        ':featuredAt': changed.featuredAt,
        ':u': changed.updatedAt,
        ':cs': catalogSortKey(changed.updatedAt, read.id),
        ':seen': read.updatedAt,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
    return transactWrite<ChangeOutcome>(db, [{ Update: update }, ...also], {
      written: () => ({ kind: 'recorded' }),
      refused: (refusal) => {
        const current = refusal.current(0);
        return { kind: 'changed', current: current ? fromItem(current) : null };
      },
    });
  },

  // ---- Holds and sales (the partner workflow); the moves themselves are decided in lib/partner/plaque-state.ts ----

  /** A plaque with its hold and the order that sold it, read consistently. */
  async getForSale(id: number): Promise<PlaqueForSale | null> {
    const out = await db.send(new GetCommand({ TableName: tableName, Key: plaqueKey(id), ConsistentRead: true }));
    return out.Item ? forSaleFromItem(out.Item) : null;
  },

  /**
   * Holds the plaque for a partner with one conditional write: only while it exists, is not deleted, is AVAILABLE (or
   * its hold has lapsed) and still has the price and currency the hold quotes (as read), so the hold's answer is what was
   * written. A refusal returns the plaque as it stood (ALL_OLD). `also`: items the same transaction writes too (the
   * Idempotency-Key's answer, lib/db/idempotency-repo.ts); the write is then a transaction.
   */
  placeHold(id: number, hold: PlaqueHold, now: Date, also: TransactItem[] = []): Promise<HoldOutcome> {
    const at = now.toISOString();
    const update = {
      TableName: tableName,
      Key: plaqueKey(id),
      UpdateExpression:
        'SET #status = :locked, reservationId = :rid, lockExpiresAt = :expires, holdPartnerId = :partner, holdApiKeyId = :key, ' +
        'holdBuyerWallet = :wallet, holdPrice = :price, holdCurrency = :currency, updatedAt = :now, catsk = :catsk',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(deletedAt) OR deletedAt = :null) AND ' +
        '(#status = :available OR (#status = :locked AND lockExpiresAt <= :now)) AND price = :price AND currency = :currency',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':locked': 'LOCKED',
        ':available': 'AVAILABLE',
        ':rid': hold.reservationId,
        ':expires': hold.expiresAt,
        ':partner': hold.partnerId,
        ':key': hold.apiKeyId,
        ':wallet': hold.buyerWallet,
        ':price': hold.price,
        ':currency': hold.currency,
        ':now': at,
        ':catsk': catalogSortKey(at, id),
        ':null': null,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
    const refused = (current: Record<string, unknown> | null): HoldOutcome => ({
      kind: 'refused',
      current: current ? forSaleFromItem(current) : null,
    });
    if (also.length === 0) {
      return conditionalWrite<UpdateCommand, HoldOutcome>(db, new UpdateCommand(update), { written: () => ({ kind: 'held' }), refused });
    }
    return transactWrite<HoldOutcome>(db, [{ Update: update }, ...also], {
      written: () => ({ kind: 'held' }),
      refused: (refusal) => refused(refusal.current(0)),
    });
  },

  /**
   * Ends a partner's hold now with one conditional write: the plaque goes back to AVAILABLE only while it is exactly as
   * read (same updatedAt) and LOCKED under that reservation of that partner. `updatedAt` must be later than the
   * version read, so the listing's change feed (ordered by it) sees the release.
   */
  releaseHold(read: PlaqueForSale, hold: { reservationId: string; partnerId: number }, updatedAt: string): Promise<ReleaseOutcome> {
    const id = read.plaque.id;
    return conditionalWrite<UpdateCommand, ReleaseOutcome>(
      db,
      new UpdateCommand({
        TableName: tableName,
        Key: plaqueKey(id),
        UpdateExpression:
          'SET #status = :available, reservationId = :null, lockExpiresAt = :null, updatedAt = :updatedAt, catsk = :catsk ' +
          'REMOVE holdPartnerId, holdApiKeyId, holdBuyerWallet, holdPrice, holdCurrency',
        ConditionExpression: 'updatedAt = :seen AND #status = :locked AND reservationId = :rid AND holdPartnerId = :partner',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':available': 'AVAILABLE',
          ':null': null,
          ':updatedAt': updatedAt,
          ':catsk': catalogSortKey(updatedAt, id),
          ':seen': read.plaque.updatedAt,
          ':locked': 'LOCKED',
          ':rid': hold.reservationId,
          ':partner': hold.partnerId,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
      {
        written: () => ({ kind: 'released' }),
        refused: (current) => ({ kind: 'refused', current: current ? forSaleFromItem(current) : null }),
      },
    );
  },

  /**
   * The plaque's move to SOLD, as one item of the sale's transaction: it applies only while the plaque is exactly
   * as read (same updatedAt) and still held under the sale's reservation by its partner, unexpired.
   */
  saleItem(
    read: PlaqueForSale,
    sale: { reservationId: string; partnerId: number; sold: StoredPlaque; orderId: string },
    now: Date,
  ): TransactItem {
    const { sold } = sale;
    return {
      Update: {
        TableName: tableName,
        Key: plaqueKey(sold.id),
        UpdateExpression:
          'SET #status = :sold, saleAt = :saleAt, wallet_address = :wallet, reservationId = :null, lockExpiresAt = :null, ' +
          '#metadata = :metadata, orderId = :order, updatedAt = :updatedAt, catsk = :catsk ' +
          'REMOVE holdPartnerId, holdApiKeyId, holdBuyerWallet, holdPrice, holdCurrency',
        ConditionExpression:
          'updatedAt = :seen AND #status = :locked AND reservationId = :rid AND holdPartnerId = :partner AND lockExpiresAt > :now',
        // A refusal carries the plaque as it now is: the buy judges it without reading it again.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ExpressionAttributeNames: { '#status': 'status', '#metadata': 'metadata' },
        ExpressionAttributeValues: {
          ':sold': 'SOLD',
          ':saleAt': sold.saleAt,
          ':wallet': sold.wallet_address,
          ':null': null,
          ':metadata': sold.metadata,
          ':order': sale.orderId,
          ':updatedAt': sold.updatedAt,
          ':catsk': catalogSortKey(sold.updatedAt, sold.id),
          ':seen': read.plaque.updatedAt,
          ':locked': 'LOCKED',
          ':rid': sale.reservationId,
          ':partner': sale.partnerId,
          ':now': now.toISOString(),
        },
      },
    };
  },

  /**
   * The plaque's move to MINTED once its token is in the buyer's wallet, as one item of the delivery's transaction:
   * it applies only while the plaque is exactly as read (same updatedAt), SOLD under the delivered order.
   */
  mintedItem(
    read: StoredPlaque,
    mint: { orderId: string; tokenId: string; contractAddress: string; mintedAt: string; updatedAt: string },
  ): TransactItem {
    // Listed under its wallet from the same write that makes it MINTED.
    const listed = walletIndexOf({ ...read, status: 'MINTED', mintedAt: mint.mintedAt });
    return {
      Update: {
        TableName: tableName,
        Key: plaqueKey(read.id),
        UpdateExpression:
          'SET #status = :minted, minted = :true, mintedAt = :mintedAt, tokenId = :tokenId, contractAddress = :contract, updatedAt = :updatedAt, catsk = :catsk' +
          ('gsi1pk' in listed ? ', gsi1pk = :walletPk, gsi1sk = :walletSk' : ''),
        ConditionExpression: 'updatedAt = :seen AND #status = :sold AND orderId = :order',
        // A refusal carries the plaque as it now is: the delivery judges it without reading it again.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':minted': 'MINTED',
          ':true': true,
          ':mintedAt': mint.mintedAt,
          ':tokenId': mint.tokenId,
          ':contract': mint.contractAddress,
          ':updatedAt': mint.updatedAt,
          ':catsk': catalogSortKey(mint.updatedAt, read.id),
          ':seen': read.updatedAt,
          ':sold': 'SOLD',
          ':order': mint.orderId,
          ...('gsi1pk' in listed && { ':walletPk': listed.gsi1pk, ':walletSk': listed.gsi1sk }),
        },
      },
    };
  },

  /**
   * SOLD → AVAILABLE for the plaque of a cancelled order, as one item of the cancellation's transaction: applies only
   * while the plaque is SOLD under that order. The buyer's wallet and the sale are forgotten; the plaque is for sale again.
   */
  releasedItem(plaqueId: number, orderId: string, updatedAt: string): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: plaqueKey(plaqueId),
        UpdateExpression:
          'SET #status = :available, wallet_address = :null, saleAt = :null, updatedAt = :updatedAt, catsk = :catsk REMOVE orderId',
        ConditionExpression: '#status = :sold AND orderId = :order',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':available': 'AVAILABLE',
          ':null': null,
          ':updatedAt': updatedAt,
          ':catsk': catalogSortKey(updatedAt, plaqueId),
          ':sold': 'SOLD',
          ':order': orderId,
        },
      },
    };
  },

  /**
   * SOLD → LOCKED without expiry (an operator's lock) for the plaque of a cancelled order whose token already exists on
   * chain, minted outside the order: it can never be minted again, so it is not for sale again. Applies only while the
   * plaque is SOLD under that order; the buyer's wallet and the sale are forgotten.
   */
  withheldItem(plaqueId: number, orderId: string, updatedAt: string): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: plaqueKey(plaqueId),
        UpdateExpression:
          'SET #status = :locked, lockExpiresAt = :null, reservationId = :null, wallet_address = :null, saleAt = :null, updatedAt = :updatedAt, catsk = :catsk REMOVE orderId',
        ConditionExpression: '#status = :sold AND orderId = :order',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':locked': 'LOCKED',
          ':null': null,
          ':updatedAt': updatedAt,
          ':catsk': catalogSortKey(updatedAt, plaqueId),
          ':sold': 'SOLD',
          ':order': orderId,
        },
      },
    };
  },

  /**
   * MINTED → SOLD for a plaque whose mint the chain no longer holds, as one item of the reconciler's transaction:
   * applies only while the plaque is exactly as read (same updatedAt), MINTED under that order.
   */
  unmintedItem(read: StoredPlaque, orderId: string, updatedAt: string): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: plaqueKey(read.id),
        // No longer listed under its wallet.
        UpdateExpression:
          'SET #status = :sold, minted = :false, mintedAt = :null, updatedAt = :updatedAt, catsk = :catsk REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'updatedAt = :seen AND #status = :minted AND orderId = :order',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sold': 'SOLD',
          ':false': false,
          ':null': null,
          ':updatedAt': updatedAt,
          ':catsk': catalogSortKey(updatedAt, read.id),
          ':seen': read.updatedAt,
          ':minted': 'MINTED',
          ':order': orderId,
        },
      },
    };
  },
});

export type PlaqueRepo = ReturnType<typeof plaqueRepo>;

/** A plaque as the partner workflow sees it: the record, the hold that locks it, the order that sold it. */
export interface PlaqueForSale {
  plaque: StoredPlaque;
  hold: PlaqueHold | null;
  orderId: string | null;
}

const HOLD_ATTRIBUTES = ['holdPartnerId', 'holdApiKeyId', 'holdBuyerWallet', 'holdPrice', 'holdCurrency', 'orderId'] as const;

export function forSaleFromItem(item: Item): PlaqueForSale {
  const rest: Item = { ...item };
  for (const name of HOLD_ATTRIBUTES) delete rest[name];
  const plaque = fromItem(rest);
  const hold: PlaqueHold | null =
    typeof item.holdPartnerId === 'number' && typeof item.reservationId === 'string' && typeof item.lockExpiresAt === 'string'
      ? {
          reservationId: item.reservationId,
          expiresAt: item.lockExpiresAt,
          partnerId: item.holdPartnerId,
          apiKeyId: item.holdApiKeyId as string,
          buyerWallet: item.holdBuyerWallet as string,
          price: item.holdPrice as number,
          currency: item.holdCurrency as string,
        }
      : null;
  return { plaque, hold, orderId: (item.orderId as string | undefined) ?? null };
}
