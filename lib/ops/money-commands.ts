// Ops commands for the partners' money: set a partner's commission (for sales from now on), record a payment the partner
// made, and print a month's statement with the figures GET /partner/statements/{month} answers.
import type { Command } from 'commander';
import { AppError } from '#lib/errors.ts';
import { setCommission, type CommissionChange } from '#lib/money/commission-rates.ts';
import { recordPayment, type PaymentInput } from '#lib/money/payments.ts';
import { statement } from '#lib/money/ledger.ts';
import { decimalOf } from '#lib/money/currency.ts';
import { MONTH_FORM } from '#lib/money/schemas.ts';
import type { LedgerEntry } from '#lib/money/entry.ts';
import type { Lines, Statement } from '#lib/money/totals.ts';
import { openTarget, type Target, type TargetOptions } from '#lib/ops/target.ts';

async function onTarget<T>(options: TargetOptions, work: (ctx: Target['ctx']) => Promise<T>): Promise<T> {
  const opened = await openTarget(options);
  try {
    return await work(opened.ctx);
  } finally {
    await opened.close();
  }
}

const changeCommission = (target: TargetOptions, partnerId: number, bps: number): Promise<CommissionChange> =>
  onTarget(target, (ctx) => setCommission(ctx, partnerId, bps));

const addPayment = (target: TargetOptions, input: PaymentInput): Promise<LedgerEntry> =>
  onTarget(target, (ctx) => recordPayment(ctx, input));

function monthStatement(target: TargetOptions, partnerId: number, month: string): Promise<Statement> {
  if (!MONTH_FORM.test(month)) throw new Error(`the month is written YYYY-MM: ${month}`);
  return onTarget(target, (ctx) => statement(ctx, partnerId, month));
}

/** A whole number given on the command line, or an error naming the option. */
function wholeNumber(text: string, what: string): number {
  if (!/^-?\d{1,15}$/.test(text)) throw new Error(`${what} must be a whole number: ${text}`);
  return Number(text);
}

/** The statement as a table: per currency, each line in decimals with its count, the minor units after it. */
export function formatStatement(partnerId: number, s: Statement): string {
  const lines = [`Statement of partner ${partnerId} for ${s.month} (UTC); amounts in decimals, minor units in brackets.`];
  if (s.currencies.length === 0) lines.push('No entries by the end of the month.');
  for (const c of s.currencies) {
    const money = (minor: number) => `${decimalOf(minor, c.currency)} [${minor}]`;
    const row = (name: string, l: Lines) =>
      `  ${name.padEnd(10)}${String(l.count).padStart(7)}  gross ${money(l.gross)}  commission ${money(l.commission)}  due ${money(l.due)}`;
    lines.push(
      `${c.currency}`,
      `  opening   ${money(c.opening)}`,
      row('sales', c.sales),
      row('reversals', c.reversals),
      row('payments', c.payments),
      `  closing   ${money(c.closing)}`,
    );
  }
  return lines.join('\n');
}

/** Runs a command's action, printing a refusal (an AppError) as one line and exiting 1. */
const refusalsPrinted =
  <A extends unknown[]>(action: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(error.detail ?? error.title);
      process.exitCode = 1;
    }
  };

export function registerMoneyCommands(program: Command, target: () => TargetOptions): void {
  program
    .command('set-commission')
    .description(
      "set a partner's commission (basis points of each sale's gross it keeps) for the sales from now on; the change is recorded with its time",
    )
    .argument('<partnerId>', "the partner's user id")
    .requiredOption('--bps <bps>', 'basis points, 0–10000 (1000 = 10 %)')
    .action(
      refusalsPrinted(async (partner: string, options: { bps: string }) => {
        const change = await changeCommission(target(), wholeNumber(partner, 'the partner id'), wholeNumber(options.bps, '--bps'));
        const was = change.previousBps === null ? "the stage's default" : `${change.previousBps} bps`;
        console.log(`Partner ${change.partnerId}: commission ${change.bps} bps for sales from ${change.setAt} on (was ${was}).`);
      }),
    );

  program
    .command('record-payment')
    .description('record a payment a partner made to the service: a ledger entry whose due is negative')
    .argument('<partnerId>', "the partner's user id")
    .requiredOption('--amount <minor units>', 'the amount paid, a positive whole number of minor units (1250 = 12.50 USD)')
    .requiredOption('--currency <code>', 'ISO 4217 code of a currency the partner sold in (USD)')
    .requiredOption('--reference <text>', "the payment's reference, unique for the partner (a bank transfer's, say)")
    .action(
      refusalsPrinted(async (partner: string, options: { amount: string; currency: string; reference: string }) => {
        const entry = await addPayment(target(), {
          partnerId: wholeNumber(partner, 'the partner id'),
          amount: wholeNumber(options.amount, '--amount'),
          currency: options.currency,
          reference: options.reference,
        });
        console.log(
          `Payment ${entry.id} recorded for partner ${entry.partnerId}: ${decimalOf(-entry.due, entry.currency)} ${entry.currency} (${-entry.due} minor units), reference ${entry.reference}, at ${entry.createdAt}.`,
        );
      }),
    );

  program
    .command('statement')
    .description("print a partner's statement of a month (UTC): per currency the opening, the sales, reversals and payments, the closing")
    .argument('<partnerId>', "the partner's user id")
    .argument('<month>', 'the month, YYYY-MM')
    .option('--json', 'print it as GET /partner/statements/{month} answers it')
    .action(
      refusalsPrinted(async (partner: string, month: string, options: { json?: boolean }) => {
        const partnerId = wholeNumber(partner, 'the partner id');
        const found = await monthStatement(target(), partnerId, month);
        console.log(options.json ? JSON.stringify(found, null, 2) : formatStatement(partnerId, found));
      }),
    );
}
