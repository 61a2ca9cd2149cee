// A handler is held to its declaration by the compiler: its input is what the declared request schemas give, its
// caller what the declared auth resolves, and it may answer only a declared status with a body of that status's shape.
// Checked by vitest's type checker (test/vitest.config.ts, `typecheck`): an `@ts-expect-error` that no longer fails is
// a failing test.
import { describe, expectTypeOf, it } from 'vitest';
import { httpHandler } from '#lib/http/handler.ts';
import type { InputOf, PrincipalOf, ReplyOf } from '#lib/http/operation.ts';
import { accepted, created, noContent, ok } from '#lib/http/response.ts';
import { getOrder } from '#lib/http/operations/partner/get-order.ts';
import { listApiKeys } from '#lib/http/operations/partner/list-api-keys.ts';
import { releaseHold } from '#lib/http/operations/partner/release-hold.ts';
import { listWalletPlaques } from '#lib/http/operations/plaques/list-wallet-plaques.ts';
import { getPlaque } from '#lib/http/operations/plaques/get-plaque.ts';
import type { StoredUser } from '#lib/accounts/user.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { OrderView } from '#lib/partner/order.ts';

declare const order: OrderView;

describe('a handler typed from its declaration', () => {
  it('is given the declared path parameters and query, parsed', () => {
    expectTypeOf<InputOf<typeof getOrder>>().toEqualTypeOf<{ orderId: string }>();
    expectTypeOf<InputOf<typeof listWalletPlaques>['address']>().toExtend<`0x${string}`>();
    expectTypeOf<InputOf<typeof listWalletPlaques>['limit']>().toEqualTypeOf<number>();
    expectTypeOf<InputOf<typeof listWalletPlaques>['cursor']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<InputOf<typeof getPlaque>>().toEqualTypeOf<{ id: number }>();
  });

  it('is told the caller its declared auth resolves', () => {
    expectTypeOf<PrincipalOf<typeof getOrder>>().toEqualTypeOf<Partner>();
    expectTypeOf<PrincipalOf<typeof listApiKeys>>().toEqualTypeOf<StoredUser>();
    expectTypeOf<PrincipalOf<typeof getPlaque>>().toEqualTypeOf<undefined>();
  });

  it('may answer a declared status with a body of its shape, and nothing else', () => {
    expectTypeOf(ok(order)).toExtend<ReplyOf<typeof getOrder>>();
    expectTypeOf(noContent()).toExtend<ReplyOf<typeof releaseHold>>();
    httpHandler(getOrder, async () => ok(order));
    // @ts-expect-error 201 is not a status GET /partner/orders/{orderId} answers.
    httpHandler(getOrder, async () => created(order));
    // @ts-expect-error a body that is not the declared Order.
    httpHandler(getOrder, async () => ok({ orderId: 'ord_1' }));
    // @ts-expect-error releasing a hold answers 204 without a body.
    httpHandler(releaseHold, async () => accepted({}));
    // @ts-expect-error the input has no member the declaration does not name.
    httpHandler(getOrder, async ({ input }) => ok({ ...order, orderId: input.id }));
  });
});
