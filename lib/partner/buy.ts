// Buy: turns a partner's live hold into a sale — plaque SOLD, order created, response stored for the
// Idempotency-Key — in one transaction, so that of any number of concurrent buys exactly one succeeds.
import { conflict, notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueForSale } from '#lib/db/plaque-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import { IdempotencyKeyTaken } from '#lib/db/failures.ts';
import { recordSale } from '#lib/db/sale-transaction.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { activityRepo } from '#lib/db/activity-repo.ts';
import { saleActivity } from '#lib/plaques/activity-record.ts';
import { commissionFor } from '#lib/money/commission-rates.ts';
import { saleEntry } from '#lib/money/entry.ts';
import { presentPlaque, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf, tokenLinksOf } from '#lib/plaques/stage-values.ts';
import { sell, stateOf } from '#lib/partner/plaque-state.ts';
import { newOrderId, type Order } from '#lib/partner/order.ts';
import { contractAddressOf, tokenIdOf, tokenMetadata } from '#lib/partner/plaque-token.ts';
import type { saleSchema } from '#lib/partner/response-schemas.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { serviceContractOf } from '#lib/chain/service-contract.ts';
import type { Shape } from '#lib/schema.ts';

export interface BuyInput {
  plaqueId: number;
  reservationId: string;
  /** As sent (validated): compared case-insensitively with the hold's wallet. */
  buyerWallet: string;
}

/** The 201 answer's body: the order's id and the plaque as sold. */
export type Sale = Shape<typeof saleSchema>;

/** Refusals that are the buy's own outcome: kept for the Idempotency-Key and replayed like a sale. Busy answers are not. */
export const DEFINITIVE_REFUSALS = ['PLAQUE_NOT_FOUND', 'RESERVATION_INVALID', 'INVALID_STATE'] as const;

/** Transaction attempts before a buy gives up with 409 CONFLICT (each re-reads the plaque). */
const MAX_ATTEMPTS = 4;

const backoff = (attempt: number) => new Promise((r) => setTimeout(r, 15 * 2 ** attempt + Math.random() * 15));

/**
 * Sells the held plaque: one transaction moves it to SOLD, creates the order (with its marker among the undelivered)
 * and completes the Idempotency-Key's record with the answer (`once`), so of any number of concurrent buys exactly one
 * succeeds, and the sale and its answer are stored together or not at all.
 */
export async function buyPlaque(ctx: AppContext, partner: Partner, input: BuyInput, once: Once): Promise<Sale> {
  const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
  let current = await plaques.getForSale(input.plaqueId);
  // The rate in force when the sale is made: a change an operator makes later applies to later sales.
  const bps = await commissionFor(ctx, partner.partnerId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (!current || current.plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${input.plaqueId} does not exist`);
    const sale = prepareSale(ctx, partner, input, current);

    // A key another request took meanwhile throws IdempotencyKeyTaken: 409 REQUEST_IN_PROGRESS (lib/http/problem.ts).
    const outcome = await recordSale(dbOf(ctx), {
      plaque: plaques.saleItem(
        current,
        { reservationId: input.reservationId, partnerId: partner.partnerId, sold: sale.sold, orderId: sale.order.orderId },
        sale.now,
      ),
      order: partnerOrderRepo(dbOf(ctx), ctx.tableName).insertItem(sale.order),
      completion: once.completion(sale.answer),
      undelivered: orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredItem(sale.order),
      ledger: ledgerRepo(dbOf(ctx), ctx.tableName).entryItems(saleEntry(sale.order, bps)),
      activity: activityRepo(dbOf(ctx), ctx.tableName).item(saleActivity(sale.order, sale.sold.name, sale.sold.updatedAt)),
    });
    switch (outcome.kind) {
      case 'recorded':
        return sale.answer;
      case 'plaque-changed':
        // The refusal returned the plaque as it now is: the state machine then says what the change means (sold to
        // another, expired, ...).
        current = outcome.current;
        continue;
      case 'conflict':
        await backoff(attempt);
        current = await plaques.getForSale(input.plaqueId);
        continue;
      case 'unknown': {
        // The transaction may have been applied: the key's record says, since it changes in the same transaction.
        const settled = await once.settle();
        if (settled.kind === 'applied') return sale.answer;
        if (settled.kind === 'lost') throw new IdempotencyKeyTaken();
        current = await plaques.getForSale(input.plaqueId);
        continue;
      }
    }
  }
  throw conflict('CONFLICT', 'the plaque is being changed by other requests; retry shortly', { headers: { 'Retry-After': '1' } });
}

/** The sale as it will be recorded, and the answer that goes with it (decided before writing, stored with it). */
function prepareSale(ctx: AppContext, partner: Partner, input: BuyInput, current: PlaqueForSale) {
  const now = ctx.now();
  const orderId = newOrderId();
  const next = sell(
    stateOf(current),
    { reservationId: input.reservationId, partnerId: partner.partnerId, buyerWallet: input.buyerWallet, orderId },
    now,
  );
  const hold = current.hold!;
  const { plaque } = current;
  const stage = stageValuesOf(ctx);
  // Strictly later than the version read, so the listing's change feed (ordered by updatedAt) never misses the sale.
  const updatedAt = new Date(Math.max(now.getTime(), Date.parse(plaque.updatedAt) + 1)).toISOString();
  const sold: StoredPlaque = {
    ...plaque,
    status: 'SOLD',
    saleAt: next.saleAt,
    wallet_address: next.ownerWallet,
    lockExpiresAt: null,
    reservationId: null,
    metadata: { ...tokenMetadata(plaque, tokenLinksOf(ctx)) },
    updatedAt,
  };
  const at = now.toISOString();
  const order: Order = {
    orderId,
    partnerId: partner.partnerId,
    apiKeyId: partner.apiKeyId,
    plaqueId: plaque.id,
    plaqueName: plaque.name,
    reservationId: input.reservationId,
    buyerWallet: hold.buyerWallet,
    price: hold.price,
    currency: hold.currency,
    tokenId: tokenIdOf(plaque),
    contractAddress: contractAddressOf(plaque, serviceContractOf(ctx)),
    status: 'SOLD',
    txHash: null,
    failureReason: null,
    cancelReason: null,
    createdAt: at,
    updatedAt: at,
    deliveredAt: null,
    mintCost: null,
  };
  const answer: Sale = { orderId, status: 'SOLD', plaque: presentPlaque(sold, now, stage) };
  return { now, sold, order, answer };
}
