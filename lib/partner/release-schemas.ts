// The input of DELETE /partner/reservations/{reservationId}, as a zod schema: it validates requests and generates the
// OpenAPI document.
import * as z from 'zod/mini';

/** Reservation ids are opaque: any id of up to 128 characters is looked up, unknown ones answer 404. */
export const reservationIdParam = z.string().check(z.minLength(1), z.maxLength(128));
