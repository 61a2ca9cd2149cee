// POST /partner/plaques/{id}/buy: buys the held plaque, once per Idempotency-Key (the layer replays its answer).
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { buyPlaque as buyOperation } from '#lib/http/operations/partner/buy-plaque.ts';
import { buyPlaque } from '#lib/partner/buy.ts';

export const handler = httpHandler(buyOperation, async ({ input, principal, ctx, once }) =>
  created(
    await buyPlaque(ctx, principal, { plaqueId: input.id, reservationId: input.reservationId, buyerWallet: input.buyerWallet }, once),
  ),
);
