// DELETE /partner/reservations/{reservationId}: the partner ends its hold now; the plaque is AVAILABLE again.
import { httpHandler } from '#lib/http/handler.ts';
import { noContent } from '#lib/http/response.ts';
import { apiKeyPartner } from '#lib/http/principals.ts';
import { releaseHold } from '#lib/partner/release.ts';
import { releaseInput } from '#lib/partner/release-schemas.ts';

export const handler = httpHandler(
  {
    operation: 'releaseHold',
    principal: apiKeyPartner,
    body: 'none',
    input: { schema: releaseInput, read: (request) => request.pathParameters },
  },
  async ({ input, principal, ctx }) => {
    await releaseHold(ctx, principal, input.reservationId);
    return noContent();
  },
);
