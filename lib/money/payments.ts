// Payments a partner made to the service, recorded by an operator (`npm run ops -- record-payment`): an entry of their
// own whose `due` is negative, refused for a currency the partner never sold in, an amount that is not a positive whole
// number of minor units, or a reference the partner's payments already have (a conditional write on the reference).
import { randomBytes } from 'node:crypto';
import { conflict, validationFailed } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { paymentEntry, type LedgerEntry } from '#lib/money/entry.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** A reference: 1–64 characters, letters and digits first (so a spreadsheet never reads it as a formula), then also `._/#:-` and spaces. */
const PAYMENT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 ._/#:-]{0,63}$/;

export interface PaymentInput {
  partnerId: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  reference: string;
}

export async function recordPayment(ctx: AppContext, input: PaymentInput): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw validationFailed([
      { path: 'amount', message: input.amount === 0 ? 'must not be zero' : 'must be a positive whole number of minor units' },
    ]);
  }
  if (!PAYMENT_REFERENCE.test(input.reference)) {
    throw validationFailed([{ path: 'reference', message: `must match ${PAYMENT_REFERENCE.source}` }]);
  }
  // ISO 4217 codes are upper case; `usd` names the same currency.
  const currency = input.currency.toUpperCase();
  const repo = ledgerRepo(dbOf(ctx), ctx.tableName);
  const soldIn = (await repo.totals(input.partnerId)).some((row) => row.currency === currency && row.lines.sale.count > 0);
  if (!soldIn) throw validationFailed([{ path: 'currency', message: `partner ${input.partnerId} never sold in ${currency}` }]);
  const entry = paymentEntry({ ...input, currency, id: `pay_${randomBytes(12).toString('base64url')}`, at: ctx.now() });
  if ((await repo.recordPayment(entry)).kind === 'duplicate-reference') {
    throw conflict('DUPLICATE_REFERENCE', `partner ${input.partnerId} already has a payment with reference ${input.reference}`);
  }
  return entry;
}
