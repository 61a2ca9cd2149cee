// The ops commands for the partners' money: a payment recorded as an entry (refused for a currency the partner never
// sold in, a zero amount, a reference used before), a commission set for later sales, and a month's statement printed
// with the figures GET /partner/statements/{month} answers; in process and through `npm run ops`.
import { OPS_CLI } from '../support/ops-cli.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { statement } from '#lib/money/ledger.ts';
import { recordPayment } from '#lib/money/payments.ts';
import { formatStatement } from '#lib/ops/money-commands.ts';
import type { Partner } from '#lib/partner/partner-identity.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { sharedChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aSeller, aSoldOrder } from '../delivery/fixtures.ts';
import { entriesOf } from '../money/fixtures.ts';

const run = promisify(execFile);

let ctx: AppContext;
let seller: Partner;
let month: string;
let cli: (...args: string[]) => Promise<{ stdout: string; stderr: string; code: number }>;

beforeAll(async () => {
  ctx = await freshTable({ chain: sharedChain(), commissionDefaultBps: 1000 });
  seller = await aSeller(ctx);
  await aSoldOrder(ctx, seller);
  month = ctx.now().toISOString().slice(0, 7);
  const target = [...OPS_CLI, '--endpoint', inject('dynamoEndpoint'), '--table', ctx.tableName];
  cli = (...args) =>
    run(process.execPath, [...target, ...args], { env: { ...process.env, LOG_LEVEL: 'SILENT', COMMISSION_DEFAULT_BPS: '1000' } }).then(
      ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
      (failed: { stdout: string; stderr: string; code: number }) => failed,
    );
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('record-payment', () => {
  it('writes a payment entry whose due is the amount negated, and refuses a currency the partner never sold in, a zero amount and a reference used before', async () => {
    const paid = await recordPayment(ctx, { partnerId: seller.partnerId, amount: 500, currency: 'usd', reference: 'TRF-1' });
    expect(paid).toMatchObject({
      type: 'payment',
      currency: 'USD',
      gross: -500,
      commission: 0,
      due: -500,
      reference: 'TRF-1',
      orderId: null,
    });
    expect((await entriesOf(ctx, seller.partnerId)).filter((e) => e.type === 'payment')).toEqual([paid]);

    const refused = await Promise.all([
      refusal(recordPayment(ctx, { partnerId: seller.partnerId, amount: 500, currency: 'EUR', reference: 'TRF-2' })),
      refusal(recordPayment(ctx, { partnerId: seller.partnerId, amount: 0, currency: 'USD', reference: 'TRF-3' })),
      refusal(recordPayment(ctx, { partnerId: seller.partnerId, amount: 1.5, currency: 'USD', reference: 'TRF-4' })),
      refusal(recordPayment(ctx, { partnerId: seller.partnerId, amount: 900, currency: 'USD', reference: 'TRF-1' })),
    ]);
    expect(refused.map((e) => [e?.status, e?.code, e?.errors?.[0]?.path])).toEqual([
      [400, 'VALIDATION_FAILED', 'currency'],
      [400, 'VALIDATION_FAILED', 'amount'],
      [400, 'VALIDATION_FAILED', 'amount'],
      [409, 'DUPLICATE_REFERENCE', undefined],
    ]);
    expect((await entriesOf(ctx, seller.partnerId)).filter((e) => e.type === 'payment')).toHaveLength(1);
  });

  it('records one payment of two racing with one reference', async () => {
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => recordPayment(ctx, { partnerId: seller.partnerId, amount: 10, currency: 'USD', reference: 'RACE 1' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await entriesOf(ctx, seller.partnerId)).filter((e) => e.reference === 'RACE 1')).toHaveLength(1);
  });
});

describe('npm run ops', () => {
  it('sets a commission, records a payment and prints the statement the API answers, exiting 1 on a refusal', async () => {
    const seller = await aSeller(ctx);
    await aSoldOrder(ctx, seller, { price: 12.5, currency: 'USD' });
    await aSoldOrder(ctx, seller, { price: 7.25, currency: 'USD' });
    const set = await cli('set-commission', String(seller.partnerId), '--bps', '750');
    expect(set.stdout).toMatch(
      new RegExp(`^Partner ${seller.partnerId}: commission 750 bps for sales from \\S+Z on \\(was the stage's default\\)\\.`),
    );
    const unknown = await cli('set-commission', '999999', '--bps', '750');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'no partner account has the user id 999999']);

    const paid = await cli('record-payment', String(seller.partnerId), '--amount', '1000', '--currency', 'USD', '--reference', 'BANK 77');
    expect(paid.stdout).toMatch(
      new RegExp(`^Payment pay_\\S+ recorded for partner ${seller.partnerId}: 10\\.00 USD \\(1000 minor units\\), reference BANK 77`),
    );
    const again = await cli('record-payment', String(seller.partnerId), '--amount', '1000', '--currency', 'USD', '--reference', 'BANK 77');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has a payment with reference BANK 77');
    const zero = await cli('record-payment', String(seller.partnerId), '--amount', '0', '--currency', 'USD', '--reference', 'BANK 78');
    expect([zero.code, zero.stderr.trim()]).toEqual([1, 'amount must not be zero']);

    const expected = await statement(ctx, seller.partnerId, month);
    const json = await cli('statement', String(seller.partnerId), month, '--json');
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const printed = await cli('statement', String(seller.partnerId), month);
    expect(printed.stdout.trim()).toBe(formatStatement(seller.partnerId, expected));
    // 1250 + 725 sold at 10 %: due 1125 + 652 (72.5 → 73 commission); 1000 paid.
    expect(expected.currencies).toEqual([
      {
        currency: 'USD',
        opening: 0,
        sales: { count: 2, gross: 1975, commission: 198, due: 1777 },
        reversals: { count: 0, gross: 0, commission: 0, due: 0 },
        payments: { count: 1, gross: -1000, commission: 0, due: -1000 },
        closing: 777,
      },
    ]);
    expect(printed.stdout).toContain('  closing   7.77 [777]');

    const future = await cli('statement', String(seller.partnerId), '2999-01');
    expect([future.code, future.stderr.trim()]).toEqual([1, '2999-01 has not begun']);
  }, 120_000);
});
