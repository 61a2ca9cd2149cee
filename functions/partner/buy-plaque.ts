// POST /partner/plaques/{id}/buy: buys the held plaque, once per Idempotency-Key; replays answer byte for byte.
import { httpHandler } from '#lib/http/handler.ts';
import { PROBLEM_CONTENT_TYPE, problemResult } from '#lib/http/problem.ts';
import { buyPlaque as buyOperation } from '#lib/http/operations/partner/buy-plaque.ts';
import { buyPlaque } from '#lib/partner/buy.ts';
import { IDEMPOTENCY_HEADER } from '#lib/partner/schemas.ts';

export const handler = httpHandler(buyOperation, async ({ input, principal, ctx, request, requestId }) => {
  const { response, replayed } = await buyPlaque(
    ctx,
    principal,
    {
      plaqueId: input.id,
      idempotencyKey: input[IDEMPOTENCY_HEADER],
      reservationId: input.reservationId,
      buyerWallet: input.buyerWallet,
      body: request.body,
    },
    (error) => ({ status: error.status, contentType: PROBLEM_CONTENT_TYPE, body: problemResult(error, requestId).body }),
  );
  return { stored: response, replayed };
});
