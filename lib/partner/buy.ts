// Buy: turns a partner's live hold into a sale — plaque SOLD, order created, response stored for the
// Idempotency-Key — in one transaction, so that of any number of concurrent buys exactly one succeeds.
import { AppError, conflict, notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueForSale } from '#lib/db/plaque-repo.ts';
import { orderMarkerRepo } from '#lib/db/order-marker-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { idempotencyRepo, type StoredResponse } from '#lib/db/idempotency-repo.ts';
import { recordSale } from '#lib/db/sale-transaction.ts';
import { presentPlaque, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf, tokenLinksOf } from '#lib/plaques/stage-values.ts';
import { sell, stateOf } from '#lib/partner/plaque-state.ts';
import { newOrderId, type Order } from '#lib/partner/order.ts';
import { contractAddressOf, tokenIdOf, tokenMetadata } from '#lib/partner/plaque-token.ts';
import type { saleSchema } from '#lib/partner/response-schemas.ts';
import { claimKey, completeKey, readKey, releaseKey, requestHash, requestInProgress } from '#lib/partner/idempotency.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { serviceContractOf } from '#lib/chain/service-contract.ts';
import type { Shape } from '#lib/schema.ts';

export interface BuyInput {
  plaqueId: number;
  idempotencyKey: string;
  reservationId: string;
  /** As sent (validated): compared case-insensitively with the hold's wallet. */
  buyerWallet: string;
  /** The request body as parsed, for the idempotency hash. */
  body: unknown;
}

export interface BuyResult {
  response: StoredResponse;
  /** The response is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The 201 answer's body: the order's id and the plaque as sold. */
type Sale = Shape<typeof saleSchema>;

/** Transaction attempts before a buy gives up with 409 CONFLICT (each re-reads the plaque). */
const MAX_ATTEMPTS = 4;

/** Answers that are the buy's own outcome: stored and replayed like a success. Busy/conflict answers are not. */
const DEFINITIVE_CODES = new Set(['PLAQUE_NOT_FOUND', 'RESERVATION_INVALID', 'INVALID_STATE']);

const backoff = (attempt: number) => new Promise((r) => setTimeout(r, 15 * 2 ** attempt + Math.random() * 15));

/** The response a client gets for a refusal, as sent (the HTTP layer's problem document): stored and replayed as is. */
export type ProblemResponse = (error: AppError) => StoredResponse;

export async function buyPlaque(ctx: AppContext, partner: Partner, input: BuyInput, problemResponse: ProblemResponse): Promise<BuyResult> {
  const { partnerId } = partner;
  const hash = requestHash('POST', `/partner/plaques/${input.plaqueId}/buy`, input.body);
  const claim = await claimKey(ctx, partnerId, input.idempotencyKey, hash);
  if (claim.kind === 'replay') return { response: claim.response, replayed: true };

  const { ownerToken } = claim;
  try {
    return { response: await sellWithRetries(ctx, partner, input, ownerToken), replayed: false };
  } catch (error) {
    if (error instanceof AppError && DEFINITIVE_CODES.has(error.code)) {
      const response = problemResponse(error);
      if (await completeKey(ctx, partnerId, input.idempotencyKey, ownerToken, response)) return { response, replayed: false };
    }
    // Not the buy's answer (or not storable): free the key so a retry runs again. Safe even if the sale was
    // recorded after all — the release only deletes a marker that is still in progress and still this request's.
    await releaseKey(ctx, partnerId, input.idempotencyKey, ownerToken).catch(() => undefined);
    throw error;
  }
}

async function sellWithRetries(ctx: AppContext, partner: Partner, input: BuyInput, ownerToken: string): Promise<StoredResponse> {
  const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
  let current = await plaques.getForSale(input.plaqueId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (!current || current.plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${input.plaqueId} does not exist`);
    const sale = prepareSale(ctx, partner, input, current);

    const outcome = await recordSale(dbOf(ctx), {
      plaque: plaques.saleItem(
        current,
        { reservationId: input.reservationId, partnerId: partner.partnerId, sold: sale.sold, orderId: sale.order.orderId },
        sale.now,
      ),
      order: partnerOrderRepo(dbOf(ctx), ctx.tableName).insertItem(sale.order),
      completion: idempotencyRepo(dbOf(ctx), ctx.tableName).completeItem(
        partner.partnerId,
        input.idempotencyKey,
        ownerToken,
        sale.response,
      ),
      undelivered: orderMarkerRepo(dbOf(ctx), ctx.tableName).undeliveredItem(sale.order),
    });
    switch (outcome.kind) {
      case 'recorded':
        return sale.response;
      case 'plaque-changed':
        // The refusal returned the plaque as it now is: the state machine then says what the change means (sold to
        // another, expired, ...).
        current = outcome.current;
        continue;
      case 'conflict':
        await backoff(attempt);
        current = await plaques.getForSale(input.plaqueId);
        continue;
      case 'claim-lost':
        throw requestInProgress();
      case 'unknown': {
        // The transaction may have been applied: the idempotency record says, since it changes in the same transaction.
        const record = await readKey(ctx, partner.partnerId, input.idempotencyKey);
        if (record?.ownerToken !== ownerToken) throw requestInProgress();
        if (record.state === 'COMPLETED' && record.response) return record.response;
        // Not applied, and the key is still ours: try again.
        current = await plaques.getForSale(input.plaqueId);
        continue;
      }
    }
  }
  throw conflict('CONFLICT', 'the plaque is being changed by other requests; retry shortly', { headers: { 'Retry-After': '1' } });
}

/** The sale as it will be recorded, and the 201 response that goes with it (decided before writing, stored with it). */
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
  };
  const response: StoredResponse = {
    status: 201,
    contentType: 'application/json',
    body: JSON.stringify({ orderId, status: 'SOLD', plaque: presentPlaque(sold, now, stage) } satisfies Sale),
  };
  return { now, sold, order, response };
}
