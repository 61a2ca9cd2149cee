// GET /partner/balance: what the partner owes the service, per currency.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getBalance } from '#lib/http/operations/money/get-balance.ts';
import { balance } from '#lib/money/ledger.ts';

export const handler = httpHandler(getBalance, async ({ principal, ctx }) => ok(await balance(ctx, principal.partnerId)));
