// Key builders for every entity of the single table; nothing else concatenates key prefixes.

export const ENTITY = {
  plaque: 'plaque',
  plaqueName: 'plaqueName',
  counter: 'counter',
  user: 'user',
  emailClaim: 'emailClaim',
  usernameClaim: 'usernameClaim',
  verificationCode: 'verificationCode',
  codeSends: 'codeSends',
  loginFailures: 'loginFailures',
  apiKey: 'apiKey',
  apiKeyHash: 'apiKeyHash',
  apiKeyCount: 'apiKeyCount',
  apiKeyExpiry: 'apiKeyExpiry',
  keyUsage: 'keyUsage',
  order: 'order',
  idempotency: 'idempotency',
  serviceAccount: 'serviceAccount',
  undeliveredOrder: 'undeliveredOrder',
  migration: 'migration',
  deliveredOrder: 'deliveredOrder',
  deliveryFinding: 'deliveryFinding',
  deliveryCost: 'deliveryCost',
  mintBatch: 'mintBatch',
  signerNonce: 'signerNonce',
  webhook: 'webhook',
  webhookCount: 'webhookCount',
  webhookEvent: 'webhookEvent',
  webhookDelivery: 'webhookDelivery',
  webhookAttempt: 'webhookAttempt',
  webhookAttemptTally: 'webhookAttemptTally',
  ledgerEntry: 'ledgerEntry',
  ledgerTotals: 'ledgerTotals',
  paymentReference: 'paymentReference',
  commission: 'commission',
  commissionChange: 'commissionChange',
  webhookCatalogueSubscription: 'webhookCatalogueSubscription',
  catalogueImport: 'catalogueImport',
  metadataAnnouncement: 'metadataAnnouncement',
  auditEntry: 'auditEntry',
  activity: 'activity',
} as const;

export const plaqueKey = (id: number) => ({ pk: `PLAQUE#${id}`, sk: 'PLAQUE' });

/** Claims a plaque name, so two plaques can never share one. */
export const PLAQUE_NAME_PREFIX = 'PLAQUENAME#';
export const plaqueNameKey = (name: string) => ({ pk: `${PLAQUE_NAME_PREFIX}${name}`, sk: 'PLAQUENAME' });

/**
 * The catalogue index keys: spread over CATALOG_SHARDS partitions by id (`CATALOG#<id mod 16>`), each sorted by
 * `updatedAt` then id (ISO strings sort chronologically). Readers query every shard in parallel.
 */
export const CATALOG_SHARDS = 16;
export const catalogShardOf = (id: number): number => id % CATALOG_SHARDS;
export const catalogPartition = (shard: number): string => `CATALOG#${shard}`;
/** Every partition of the sharded index, in shard order. */
export const catalogPartitions = (): string[] => Array.from({ length: CATALOG_SHARDS }, (_, shard) => catalogPartition(shard));
/** The single partition plaques were indexed under before sharding; emptied by the catalogue backfill. */
export const LEGACY_CATALOG_PARTITION = 'CATALOG';
export const catalogKey = (updatedAt: string, id: number) => ({
  catpk: catalogPartition(catalogShardOf(id)),
  catsk: catalogSortKey(updatedAt, id),
});
export const catalogSortKey = (updatedAt: string, id: number) => `${updatedAt}#${String(id).padStart(12, '0')}`;
/** The plaque and the time of a catalogue position (`catsk`, as catalogSortKey builds it). */
export function catalogPositionOf(catsk: string): { updatedAt: string; id: number } {
  const at = catsk.lastIndexOf('#');
  return { updatedAt: catsk.slice(0, at), id: Number(catsk.slice(at + 1)) };
}
/**
 * The `changes` index's one partition: the `entity` attribute every plaque item has carried since the first version,
 * so every stored plaque is in it with its `catsk`, and every write that moves `catsk` moves it there too.
 */
export const CHANGES_PARTITION = ENTITY.plaque;

/**
 * A wallet's minted plaques (gsi1, on the plaque item itself): one partition per lower-case wallet address, sorted by
 * `mintedAt` then id, so a page newest mint first is one Query. Set in the delivery's transaction with the move to
 * MINTED, removed with the move back; only MINTED plaques that are not deleted carry it.
 */
export const walletPlaquesPartition = (address: string) => `WALLET#${address.toLowerCase()}#PLAQUES`;
const walletPlaqueSortKey = (mintedAt: string, id: number) => `${mintedAt}#${String(id).padStart(12, '0')}`;
export const walletPlaqueIndexKey = (address: string, mintedAt: string, id: number) => ({
  gsi1pk: walletPlaquesPartition(address),
  gsi1sk: walletPlaqueSortKey(mintedAt, id),
});

/** Atomic counters (e.g. the next plaque id). */
export const counterKey = (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' });

/** A user record. */
export const userKey = (id: number) => ({ pk: `USER#${id}`, sk: 'USER' });
/** The user index entry by service wallet (gsi1): lower-case address, so lookups ignore the checksum casing. */
export const walletIndexPartition = (address: string) => `WALLET#${address.toLowerCase()}`;
export const userWalletIndexKey = (address: string, id: number) => ({ gsi1pk: walletIndexPartition(address), gsi1sk: `USER#${id}` });
/** Claims an email address (already normalised to lower case) for one user. */
export const emailClaimKey = (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' });
/**
 * Claims a username for one user by its skeleton (lib/accounts/user.ts `usernameSkeleton`), so no two names that pass
 * for each other are taken; names given before that were claimed in lower case, under the same prefix.
 */
export const usernameClaimKey = (claim: string) => ({ pk: `USERNAME#${claim}`, sk: 'USERNAME' });
/**
 * The pending verification code of an email address for one client (at most one each; lib/accounts/sign-in-client.ts
 * says what a client is): the address's codes share its partition.
 */
export const verificationCodeKey = (email: string, client: string) => ({ pk: `CODE#${email}`, sk: `CODE#${client}` });
/** The recent code sends of an email address to one client (the resend throttle). */
export const codeSendsKey = (email: string, client: string) => ({ pk: `CODESENDS#${email}`, sk: `CODESENDS#${client}` });
/** Failed password logins of an email address in the current window. */
export const loginFailuresKey = (email: string) => ({ pk: `LOGINFAIL#${email}`, sk: 'LOGINFAIL' });

/** A partner API key record, by its id (the API Gateway key id in AWS). */
export const apiKeyKey = (id: string) => ({ pk: `APIKEY#${id}`, sk: 'APIKEY' });
/** Maps the SHA-256 of a presented key to its id (the local stand-in for API Gateway's key check). */
export const apiKeyHashKey = (hash: string) => ({ pk: `APIKEYHASH#${hash}`, sk: 'APIKEYHASH' });
/** How many API keys of a user are active: the limit is checked against it in the transaction that adds a key. */
export const apiKeyCountKey = (userId: number) => ({ pk: `APIKEYCOUNT#${userId}`, sk: 'APIKEYCOUNT' });
/** The end of a rolled key's window, until the key is disabled where keys are checked (API Gateway in AWS). */
export const apiKeyExpiryKey = (id: string) => ({ pk: `APIKEYEXPIRY#${id}`, sk: 'APIKEYEXPIRY' });
/** Every rolled key's end (gsi1), soonest first: what the key disabler reads. */
export const API_KEY_EXPIRIES_PARTITION = 'APIKEYEXPIRIES';
export const apiKeyExpiryIndexKey = (expiresAt: string, id: string) => ({
  gsi1pk: API_KEY_EXPIRIES_PARTITION,
  gsi1sk: `${expiresAt}#${id}`,
});
/** A user's API keys (gsi1), oldest first. */
export const userApiKeysPartition = (userId: number) => `USER#${userId}#APIKEYS`;
export const userApiKeysIndexKey = (userId: number, createdAt: string, id: string) => ({
  gsi1pk: userApiKeysPartition(userId),
  gsi1sk: `${createdAt}#${id}`,
});
/**
 * Requests one key of a partner made on one UTC day, counted against the key's daily quota by the functions (API
 * Gateway's usage plan counts them too in AWS, and GET /partner/usage reads its counts there): one partition per
 * partner, sorted by day then key, so a date range is one Query.
 */
export const keyUsagePartition = (partnerId: number) => `USAGE#${partnerId}`;
export const keyUsageSortKey = (date: string, keyId: string) => `${date}#${keyId}`;
export const keyUsageKey = (partnerId: number, date: string, keyId: string) => ({
  pk: keyUsagePartition(partnerId),
  sk: keyUsageSortKey(date, keyId),
});
/** A partner order. */
export const orderKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' });
/** A partner's orders (gsi1), oldest first. */
export const partnerOrdersPartition = (partnerId: number) => `PARTNER#${partnerId}#ORDERS`;
export const partnerOrdersIndexKey = (partnerId: number, createdAt: string, orderId: string) => ({
  gsi1pk: partnerOrdersPartition(partnerId),
  gsi1sk: `${createdAt}#${orderId}`,
});
/**
 * Marks an order not delivered yet (sparse: written with the sale, deleted with the delivery), in the order's own
 * item collection; its gsi1 entry lists every undelivered order, oldest first, for the operators.
 */
export const undeliveredOrderKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'UNDELIVERED' });
export const UNDELIVERED_ORDERS_PARTITION = 'ORDERS#UNDELIVERED';
export const undeliveredOrdersIndexKey = (createdAt: string, orderId: string) => ({
  gsi1pk: UNDELIVERED_ORDERS_PARTITION,
  gsi1sk: `${createdAt}#${orderId}`,
});
/**
 * Marks an order recently delivered (written with the delivery, expired by TTL), in the order's own item collection;
 * its gsi1 entry lists delivered orders by delivery time, for the reconciler to check against the chain.
 */
export const deliveredOrderKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'DELIVERED' });
export const DELIVERED_ORDERS_PARTITION = 'ORDERS#DELIVERED';
export const deliveredOrdersIndexKey = (deliveredAt: string, orderId: string) => ({
  gsi1pk: DELIVERED_ORDERS_PARTITION,
  gsi1sk: `${deliveredAt}#${orderId}`,
});
/** What the delivery reconciler found about an order (expired by TTL), listed (gsi1) by time for `ops deliveries`. */
export const deliveryFindingKey = (orderId: string, at: string) => ({ pk: `ORDER#${orderId}`, sk: `FINDING#${at}` });
export const DELIVERY_FINDINGS_PARTITION = 'DELIVERY#FINDINGS';
export const deliveryFindingsIndexKey = (at: string, orderId: string) => ({
  gsi1pk: DELIVERY_FINDINGS_PARTITION,
  gsi1sk: `${at}#${orderId}`,
});
/**
 * A delivered order's share of its mint's cost (written in the delivery's transaction), listed (gsi1) by month, then by
 * delivery time, for `ops delivery-costs`.
 */
export const deliveryCostKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'COST' });
/** `YYYY-MM` of an ISO time. */
export const deliveryCostsPartition = (month: string) => `DELIVERYCOSTS#${month}`;
export const deliveryCostIndexKey = (deliveredAt: string, orderId: string) => ({
  gsi1pk: deliveryCostsPartition(deliveredAt.slice(0, 7)),
  gsi1sk: `${deliveredAt}#${orderId}`,
});
/** A mint batch: the orders one transaction of a signer mints, one batch per nonce of that signer ever (its id says both). */
export const mintBatchKey = (batchId: string) => ({ pk: `MINTBATCH#${batchId}`, sk: 'MINTBATCH' });
/** Batches in flight (gsi1, only while SENT), by signer then nonce: what the follower and the reconciler follow. */
export const MINT_BATCHES_IN_FLIGHT_PARTITION = 'MINTBATCHES#INFLIGHT';
export const inFlightBatchIndexKey = (signer: string, nonce: number) => ({
  gsi1pk: MINT_BATCHES_IN_FLIGHT_PARTITION,
  gsi1sk: `${signer.toLowerCase()}#${String(nonce).padStart(12, '0')}`,
});
/** The next nonce the service draws for a signer's transactions (drawn in the same transaction as its batch). */
export const signerNonceKey = (signer: string) => ({ pk: `SIGNER#${signer.toLowerCase()}`, sk: 'NONCE' });
/** One Idempotency-Key of one partner (keys are scoped per partner, so partners never see each other's). */
export const idempotencyKey = (account: number, key: string) => ({ pk: `IDEMPOTENCY#${account}#${key}`, sk: 'IDEMPOTENCY' });
/** The service's own account: the owner of every plaque not sold yet. */
export const serviceAccountKey = () => ({ pk: 'SERVICEACCOUNT', sk: 'SERVICEACCOUNT' });
/** Migrations applied to the table, one item each in one partition: listed with one Query, in id order. */
export const MIGRATIONS_PARTITION = 'MIGRATIONS';
export const migrationKey = (id: string) => ({ pk: MIGRATIONS_PARTITION, sk: `MIGRATION#${id}` });

/** A partner's webhook endpoint; its delivery attempts share its item collection (sk `ATTEMPT#…`). */
export const webhookKey = (id: string) => ({ pk: `WEBHOOK#${id}`, sk: 'WEBHOOK' });
/** A partner's webhook endpoints (gsi1), oldest first. */
export const partnerWebhooksPartition = (partnerId: number) => `PARTNER#${partnerId}#WEBHOOKS`;
export const partnerWebhooksIndexKey = (partnerId: number, createdAt: string, id: string) => ({
  gsi1pk: partnerWebhooksPartition(partnerId),
  gsi1sk: `${createdAt}#${id}`,
});
/** How many webhook endpoints a partner has: moved in the same transaction as each endpoint, so the limit holds. */
export const webhookCountKey = (partnerId: number) => ({ pk: `WEBHOOKCOUNT#${partnerId}`, sk: 'WEBHOOKCOUNT' });
/** One attempt to deliver an event to an endpoint, in the endpoint's item collection, sorted by time. */
export const WEBHOOK_ATTEMPT_PREFIX = 'ATTEMPT#';
export const webhookAttemptKey = (endpointId: string, at: string, eventId: string, attempt: number) => ({
  pk: `WEBHOOK#${endpointId}`,
  sk: `${WEBHOOK_ATTEMPT_PREFIX}${at}#${eventId}#${String(attempt).padStart(2, '0')}`,
});
/**
 * How many attempts to deliver one event to an endpoint were logged, in the endpoint's item collection: a resend numbers
 * its attempts on from there.
 */
export const webhookAttemptTallyKey = (endpointId: string, eventId: string) => ({ pk: `WEBHOOK#${endpointId}`, sk: `TALLY#${eventId}` });
/** An event sent to partners (its id is the `webhook-id` of every delivery of it). */
export const webhookEventKey = (eventId: string) => ({ pk: `WHEVENT#${eventId}`, sk: 'WHEVENT' });
/** A partner's order events (gsi1), oldest first by the time of the move: the feed of GET /partner/events. */
export const partnerEventsPartition = (partnerId: number) => `PARTNER#${partnerId}#EVENTS`;
export const partnerEventsIndexKey = (partnerId: number, timestamp: string, eventId: string) => ({
  gsi1pk: partnerEventsPartition(partnerId),
  gsi1sk: `${timestamp}#${eventId}`,
});
/** The catalogue's events (gsi1), every partner's, oldest first by time: merged into each partner's feed. */
export const CATALOGUE_EVENTS_PARTITION = 'CATALOGUE#EVENTS';
export const catalogueEventsIndexKey = (timestamp: string, eventId: string) => ({
  gsi1pk: CATALOGUE_EVENTS_PARTITION,
  gsi1sk: `${timestamp}#${eventId}`,
});
/**
 * An endpoint subscribed to catalogue events, in the endpoint's item collection (written and deleted with it); its gsi1
 * entry lists every such endpoint of every partner, oldest first: whom a catalogue event goes to.
 */
export const webhookCatalogueSubscriptionKey = (endpointId: string) => ({ pk: `WEBHOOK#${endpointId}`, sk: 'CATALOGUE' });
export const CATALOGUE_SUBSCRIBERS_PARTITION = 'WEBHOOKS#CATALOGUE';
export const catalogueSubscriberIndexKey = (createdAt: string, endpointId: string) => ({
  gsi1pk: CATALOGUE_SUBSCRIBERS_PARTITION,
  gsi1sk: `${createdAt}#${endpointId}`,
});
/** One catalogue import: written as it starts, marked done once its plaques are in (that write makes its event). */
export const catalogueImportKey = (importId: string) => ({ pk: `IMPORT#${importId}`, sk: 'IMPORT' });
/**
 * A minted plaque whose token metadata changed and is not announced on chain yet (one item per plaque: a second change
 * before the announcement rides on the same one); its gsi1 entry lists them all for the announcer, oldest first.
 */
export const metadataAnnouncementKey = (plaqueId: number) => ({ pk: `PLAQUE#${plaqueId}`, sk: 'ANNOUNCE' });
export const METADATA_ANNOUNCEMENTS_PARTITION = 'ANNOUNCE#PENDING';
export const metadataAnnouncementIndexKey = (at: string, plaqueId: number) => ({
  gsi1pk: METADATA_ANNOUNCEMENTS_PARTITION,
  gsi1sk: `${at}#${String(plaqueId).padStart(12, '0')}`,
});

/**
 * One event waiting for one endpoint, in its lane: the events of one order (or one test event) for one endpoint,
 * sorted by position, sent one at a time from the head.
 */
export const webhookLanePartition = (endpointId: string, laneId: string) => `WHLANE#${endpointId}#${laneId}`;
export const webhookDeliveryKey = (endpointId: string, laneId: string, position: string) => ({
  pk: webhookLanePartition(endpointId, laneId),
  sk: position,
});

/**
 * One entry of a partner's ledger, by its id: a sale's and a reversal's id derive from the order's (`sale_<orderId>`,
 * `rev_<orderId>`), so a second one of either can never be written; its gsi1 entry lists the partner's entries by time.
 */
export const ledgerEntryKey = (entryId: string) => ({ pk: `LEDGER#${entryId}`, sk: 'LEDGER' });
/** A partner's ledger (gsi1), oldest first by `<createdAt>#<entry id>`: a month is one range of it. */
export const partnerLedgerPartition = (partnerId: number) => `PARTNER#${partnerId}#LEDGER`;
export const partnerLedgerSortKey = (createdAt: string, entryId: string) => `${createdAt}#${entryId}`;
export const partnerLedgerIndexKey = (partnerId: number, createdAt: string, entryId: string) => ({
  gsi1pk: partnerLedgerPartition(partnerId),
  gsi1sk: partnerLedgerSortKey(createdAt, entryId),
});
/**
 * A partner's totals of one month and currency, by type, kept by the transaction that writes each entry (ADD), spread
 * over LEDGER_TOTALS_SHARDS rows so that concurrent sales of one partner seldom write the same row: one partition per
 * partner, sorted by month, so the months up to one are one Query.
 */
export const LEDGER_TOTALS_SHARDS = 8;
export const ledgerTotalsPartition = (partnerId: number) => `LEDGERTOTALS#${partnerId}`;
export const ledgerTotalsKey = (partnerId: number, month: string, currency: string, shard: number) => ({
  pk: ledgerTotalsPartition(partnerId),
  sk: `${month}#${currency}#${shard}`,
});
/** Claims a payment reference for one partner: a second payment with the same reference is refused. */
export const paymentReferenceKey = (partnerId: number, reference: string) => ({
  pk: `PAYMENTREF#${partnerId}#${reference}`,
  sk: 'PAYMENTREF',
});
/** A partner's commission rate in force, and each change of it (sk `CHANGE#<at>`) in its item collection. */
export const commissionKey = (partnerId: number) => ({ pk: `COMMISSION#${partnerId}`, sk: 'COMMISSION' });
export const commissionChangeKey = (partnerId: number, at: string) => ({ pk: `COMMISSION#${partnerId}`, sk: `CHANGE#${at}` });

/**
 * One entry of a partner's audit log (sign-ins, key and webhook changes), in the partner's own partition sorted by
 * `<at>#<entry id>`: a page newest first is one Query, and a year back is one range of it.
 */
export const auditLogPartition = (partnerId: number) => `AUDIT#${partnerId}`;
export const auditSortKey = (at: string, entryId: string) => `${at}#${entryId}`;
export const auditEntryKey = (partnerId: number, at: string, entryId: string) => ({
  pk: auditLogPartition(partnerId),
  sk: auditSortKey(at, entryId),
});

/**
 * One entry of a plaque's activity (a sale, mint, cancel, price change or listing), written in the transaction of the
 * change it records: the plaque's entries share one partition, sorted by time then type, so its activity newest first
 * is one Query. Its gsi1 entry lists the catalogue's entries of that type by time (`ACTIVITY#<type>`).
 */
export const plaqueActivityPartition = (plaqueId: number) => `PLAQUEACTIVITY#${plaqueId}`;
const activitySortKey = (at: string, type: string) => `${at}#${type}`;
export const activityKey = (plaqueId: number, at: string, type: string) => ({
  pk: plaqueActivityPartition(plaqueId),
  sk: activitySortKey(at, type),
});
export const activityTypePartition = (type: string) => `ACTIVITY#${type}`;
const activityTypeSortKey = (at: string, plaqueId: number) => `${at}#${String(plaqueId).padStart(12, '0')}`;
export const activityIndexKey = (type: string, at: string, plaqueId: number) => ({
  gsi1pk: activityTypePartition(type),
  gsi1sk: activityTypeSortKey(at, plaqueId),
});
