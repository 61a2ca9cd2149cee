// POST /partner/plaques/{id}/buy: buys the held plaque, once per Idempotency-Key; replays answer byte for byte.
import { httpHandler } from '#lib/http/handler.ts';
import { PROBLEM_CONTENT_TYPE, problemResult } from '#lib/http/problem.ts';
import { buyPlaque } from '#lib/partner/buy.ts';
import { apiKeyPartner } from '#lib/http/principals.ts';
import { buyInput } from '#lib/partner/buy-schemas.ts';
import { IDEMPOTENCY_HEADER } from '#lib/partner/schemas.ts';
import { withPath } from '#lib/validation.ts';

export const handler = httpHandler(
  {
    operation: 'buyPlaque',
    principal: apiKeyPartner,
    input: {
      schema: buyInput,
      read: (request) =>
        withPath(request.body, { id: request.pathParameters.id, [IDEMPOTENCY_HEADER]: request.headers['idempotency-key'] }),
    },
  },
  async ({ input, principal, ctx, request, requestId }) => {
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
    const headers: Record<string, string> = { 'content-type': response.contentType };
    if (replayed) headers['idempotent-replayed'] = 'true';
    return { statusCode: response.status, body: response.body, headers };
  },
);
