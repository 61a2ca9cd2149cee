// GET /partner/ledger: the partner's ledger entries, newest first, filtered by time and type, page by page.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listLedger } from '#lib/http/operations/money/list-ledger.ts';
import { ledgerPage } from '#lib/money/ledger.ts';

export const handler = httpHandler(listLedger, async ({ input, principal, ctx }) => ok(await ledgerPage(ctx, principal.partnerId, input)));
