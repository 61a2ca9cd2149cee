// DELETE /partner/reservations/{reservationId}: the partner ends its hold now; the plaque is AVAILABLE again.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { releaseHold as releaseOperation } from '#lib/http/operations/partner/release-hold.ts';
import { releaseHold } from '#lib/partner/release.ts';

export const handler = httpHandler(releaseOperation, async ({ input, principal, ctx }) => {
  await releaseHold(ctx, principal, input.reservationId);
  return noContent();
});
