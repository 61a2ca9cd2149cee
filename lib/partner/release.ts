// Releasing a hold: the partner ends its reservation now, and the plaque is AVAILABLE again at once (the listing's
// change feed and the lookup see it), instead of after the hold's 10 minutes.
import { conflict, notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo, type PlaqueForSale } from '#lib/db/plaque-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { plaqueOfReservation } from '#lib/partner/reservation-id.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Writes tried when the plaque changes (its price, say) between the read and the release. */
const ATTEMPTS = 3;

const unknownReservation = () => notFound('RESERVATION_NOT_FOUND', "no such reservation of this partner's");

/**
 * Ends the partner's hold `reservationId`: the plaque is AVAILABLE from now. A hold that has lapsed but is still the
 * plaque's last is released the same way (204 either way). Another partner's, an unknown, an already released or a
 * superseded reservation → 404 RESERVATION_NOT_FOUND; one that was bought → 409 RESERVATION_INVALID.
 */
export async function releaseHold(ctx: AppContext, partner: Partner, reservationId: string): Promise<void> {
  const plaqueId = plaqueOfReservation(reservationId);
  if (plaqueId === null) throw unknownReservation();
  const repo = plaqueRepo(dbOf(ctx), ctx.tableName);
  let current = await repo.getForSale(plaqueId);
  for (let attempt = 0; attempt < ATTEMPTS && current; attempt++) {
    if (!heldUnder(current, partner, reservationId)) break;
    const updatedAt = new Date(Math.max(ctx.now().getTime(), Date.parse(current.plaque.updatedAt) + 1)).toISOString();
    const outcome = await repo.releaseHold(current, { reservationId, partnerId: partner.partnerId }, updatedAt);
    if (outcome.kind === 'released') return;
    current = outcome.current;
  }
  if (current && heldUnder(current, partner, reservationId)) {
    throw conflict('CONFLICT', 'the plaque is being changed by other requests; retry shortly', { headers: { 'Retry-After': '1' } });
  }
  if (current?.orderId && (await boughtWith(ctx, current.orderId, partner, reservationId))) {
    throw conflict('RESERVATION_INVALID', 'the reservation was bought; a sale cannot be undone');
  }
  throw unknownReservation();
}

const heldUnder = (read: PlaqueForSale, partner: Partner, reservationId: string): boolean =>
  read.plaque.status === 'LOCKED' && read.hold?.reservationId === reservationId && read.hold.partnerId === partner.partnerId;

/** Whether the order that sold the plaque was this partner's buy of this reservation. */
async function boughtWith(ctx: AppContext, orderId: string, partner: Partner, reservationId: string): Promise<boolean> {
  const order = await partnerOrderRepo(dbOf(ctx), ctx.tableName).get(orderId);
  return order?.reservationId === reservationId && order.partnerId === partner.partnerId;
}
