// Prepare: checks the plaque can be sold and minted, then holds it for the partner's buyer for 10 minutes.
import { badRequest, conflict, notFound, type AppError } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueForSale } from '#lib/db/plaque-repo.ts';
import { effectiveStatus } from '#lib/plaques/plaque.ts';
import { tokenLinksOf } from '#lib/plaques/stage-values.ts';
import { HOLD_MS, placeHold, stateOf, type PlaqueHold } from '#lib/partner/plaque-state.ts';
import { contractAddressOf, tokenIdOf, tokenMetadata } from '#lib/partner/plaque-token.ts';
import type { reservationSchema } from '#lib/partner/response-schemas.ts';
import { mintabilityTo } from '#lib/partner/lookup.ts';
import { ensureServiceAccount } from '#lib/partner/service-account.ts';
import { newReservationId } from '#lib/partner/reservation-id.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { Once } from '#lib/db/idempotency-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { serviceContractOf } from '#lib/chain/service-contract.ts';
import { chainReaderOf } from '#lib/chain/chain-port.ts';
import type { Shape } from '#lib/schema.ts';

export type Reservation = Shape<typeof reservationSchema>;

const recorded = new WeakMap<AppContext, Promise<unknown>>();

/**
 * Records the service account with the contract minter's wallet once per context (cold start), so a stage records
 * it with its first prepare without any setup step, and a rotated signer with the first prepare after the rotation
 * reaches a new cold start. Best effort: a failure, or a contract without a minter, is retried by the next cold start.
 */
function recordServiceAccountOnce(ctx: AppContext): Promise<unknown> {
  let done = recorded.get(ctx);
  if (!done) {
    done = chainReaderOf(ctx)
      .minterAddress()
      .then((minter) => (minter ? ensureServiceAccount(ctx, minter) : undefined))
      .catch(() => undefined);
    recorded.set(ctx, done);
  }
  return done;
}

/** Same as `placeHold` in the state machine, decided on a fresh read: the write below makes it atomic. */
function checkHoldable(current: PlaqueForSale, partner: Partner, buyerWallet: string, now: Date): void {
  placeHold(
    stateOf(current),
    {
      reservationId: 'check',
      expiresAt: new Date(now.getTime() + HOLD_MS).toISOString(),
      partnerId: partner.partnerId,
      apiKeyId: partner.apiKeyId,
      buyerWallet,
      price: current.plaque.price,
      currency: current.plaque.currency,
    },
    now,
  );
}

/** Whether the state machine would hold the plaque now. */
function holdable(current: PlaqueForSale, partner: Partner, buyerWallet: string, now: Date): boolean {
  try {
    checkHoldable(current, partner, buyerWallet, now);
    return true;
  } catch {
    return false;
  }
}

/** Why a hold was refused, from the plaque as the refusal found it. */
function holdRefused(plaqueId: number, current: PlaqueForSale | null, now: Date): AppError {
  if (!current || current.plaque.deletedAt !== null) return notFound('PLAQUE_NOT_FOUND', `plaque ${plaqueId} does not exist`);
  return conflict('NOT_AVAILABLE', 'the plaque is held by another reservation, sold or minted', {
    extensions: { status: effectiveStatus(current.plaque, now) },
  });
}

/** Holds attempted before giving up with 409 CONFLICT: another attempt only when the price moved since the read. */
const MAX_ATTEMPTS = 3;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** A buyer wallet the mint would refuse: the token could never be delivered to it (400 WALLET_CANNOT_RECEIVE). */
const walletCannotReceive = (why: string): AppError =>
  badRequest('WALLET_CANNOT_RECEIVE', `buyerWallet cannot hold the token: ${why}`, {
    errors: [{ path: 'buyerWallet', message: `cannot hold the token: ${why}` }],
  });

/**
 * Holds the plaque for `buyerWallet` (checksummed). 400 WALLET_CANNOT_RECEIVE for a wallet the mint would refuse (the
 * zero address, the token contract, a contract that does not accept ERC-1155 tokens); 404 PLAQUE_NOT_FOUND; 409
 * NOT_AVAILABLE when it is locked, sold or minted, or when its token cannot be minted (already on chain): selling it
 * could never be delivered. With `once`, the reservation is kept for the Idempotency-Key in the same write as the hold.
 */
export async function preparePlaque(
  ctx: AppContext,
  partner: Partner,
  plaqueId: number,
  buyerWallet: `0x${string}`,
  once?: Once,
): Promise<Reservation> {
  if (buyerWallet === ZERO_ADDRESS) throw walletCannotReceive('the zero address holds no token');
  const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
  let current = await repo.getForSale(plaqueId);
  if (!current || current.plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${plaqueId} does not exist`);
  const contract = contractAddressOf(current.plaque, serviceContractOf(ctx));
  if (buyerWallet.toLowerCase() === contract.toLowerCase()) throw walletCannotReceive('it is the token contract itself');
  checkHoldable(current, partner, buyerWallet, ctx.now());

  // The mint to the buyer's wallet itself: a contract there must accept ERC-1155 tokens, as the delivery's mint will ask.
  const [simulation] = await Promise.all([mintabilityTo(ctx, current.plaque, buyerWallet), recordServiceAccountOnce(ctx)]);
  if (!simulation.mintable && simulation.reason === 'RECEIVER_REFUSED') {
    throw walletCannotReceive('it is a contract that does not accept ERC-1155 tokens');
  }
  if (!simulation.mintable) {
    throw conflict('NOT_AVAILABLE', `the plaque's token cannot be minted (${simulation.reason})`, {
      extensions: { reason: simulation.reason },
    });
  }

  for (let attempt = 1; ; attempt++) {
    const now = ctx.now();
    const { plaque } = current;
    const hold: PlaqueHold = {
      reservationId: newReservationId(plaqueId),
      expiresAt: new Date(now.getTime() + HOLD_MS).toISOString(),
      partnerId: partner.partnerId,
      apiKeyId: partner.apiKeyId,
      buyerWallet,
      // Quoted as read: the write holds only while the plaque still has this price.
      price: plaque.price,
      currency: plaque.currency,
    };
    const answer: Reservation = {
      reservationId: hold.reservationId,
      expiresAt: hold.expiresAt,
      price: hold.price,
      currency: hold.currency,
      token: {
        standard: plaque.standard,
        contractAddress: contractAddressOf(plaque, serviceContractOf(ctx)),
        tokenId: tokenIdOf(plaque),
        metadata: tokenMetadata(plaque, tokenLinksOf(ctx)),
      },
    };
    const outcome = await repo.placeHold(plaqueId, hold, now, once ? [once.completion(answer)] : []);
    if (outcome.kind === 'held') return answer;
    // Another request got in first since the read above (a hold, a sale, a deletion), or the price changed: the
    // refusal says which. A plaque still free to hold is held at its new price.
    const refusedBy = outcome.current;
    if (!refusedBy || refusedBy.plaque.deletedAt !== null || !holdable(refusedBy, partner, buyerWallet, now)) {
      throw holdRefused(plaqueId, refusedBy, now);
    }
    if (attempt >= MAX_ATTEMPTS)
      throw conflict('CONFLICT', 'the plaque is being changed by other requests; retry shortly', { headers: { 'Retry-After': '1' } });
    current = refusedBy;
  }
}
