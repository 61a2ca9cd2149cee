// A reservation's id: `res_<plaque id>_<22 random base64url characters>`. The reservation names its plaque, so releasing
// it needs no other record (lib/partner/release.ts). Opaque to clients. A module of its own: releasing a hold reads it
// without what preparing one loads (the chain reader among it).
import { randomBytes } from 'node:crypto';

export const newReservationId = (plaqueId: number): string => `res_${plaqueId}_${randomBytes(16).toString('base64url')}`;

const RESERVATION_ID = /^res_([1-9][0-9]{0,14})_[A-Za-z0-9_-]{22}$/;

/** The plaque a reservation id names; null for an id this service never issued (or issued before ids named plaques). */
export function plaqueOfReservation(reservationId: string): number | null {
  const match = RESERVATION_ID.exec(reservationId);
  return match ? Number(match[1]) : null;
}
