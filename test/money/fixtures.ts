// Test helpers for the partners' money: a partner that signs in and holds keys of both scopes, its ledger read back
// whole, and the sum of its entries.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { paymentEntry, saleEntry, type LedgerEntry } from '#lib/money/entry.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { anOrder } from '../support/factories.ts';
import { aSignedInPartner } from '../webhooks/fixtures.ts';

export interface MoneyPartner {
  userId: number;
  /** The signed-in user's access token (the dashboard's caller). */
  token: string;
  sellKey: string;
  readKey: string;
}

/** A partner account with a bearer token and one key of each scope. */
export async function aMoneyPartner(ctx: AppContext): Promise<MoneyPartner> {
  const who = await aSignedInPartner(ctx);
  const sell = await createApiKey(ctx, who.userId, 'shop', 'sell');
  const read = await createApiKey(ctx, who.userId, 'books', 'read');
  return { userId: who.userId, token: who.token, sellKey: sell.apiKey, readKey: read.apiKey };
}

/** Every entry of the partner's ledger, oldest first, read by its index as the statement file reads it. */
export async function entriesOf(ctx: AppContext, partnerId: number): Promise<LedgerEntry[]> {
  const page = await ledgerRepo(dbOf(ctx), ctx.tableName).oldestFirst(partnerId, { from: '', until: '9999', after: null, max: 100_000 });
  return page.entries;
}

/** The sum of `due` per currency over the stored entries themselves (not the totals). */
export function dueByCurrency(entries: readonly LedgerEntry[]): Record<string, number> {
  const due: Record<string, number> = {};
  for (const e of entries) due[e.currency] = (due[e.currency] ?? 0) + e.due;
  return due;
}

/** Entries written as their causes write them, each with its totals (one transaction each). */
export async function storeEntries(ctx: AppContext, entries: readonly LedgerEntry[]): Promise<void> {
  const repo = ledgerRepo(dbOf(ctx), ctx.tableName);
  for (const entry of entries) expect(await repo.writeEntry(entry)).toEqual({ kind: 'written' });
}

/** Entries alone, without their totals, 25 a request: many, quickly, for the reads that list entries. */
export async function storeEntriesOnly(ctx: AppContext, entries: readonly LedgerEntry[]): Promise<void> {
  const repo = ledgerRepo(dbOf(ctx), ctx.tableName);
  for (let i = 0; i < entries.length; i += 25) {
    const batch = entries.slice(i, i + 25).map((entry) => ({ PutRequest: { Item: repo.entryItems(entry)[0]!.Put!.Item! } }));
    let pending: Record<string, any> | undefined = { [ctx.tableName]: batch };
    while (pending && Object.keys(pending).length > 0) {
      pending = (await dbOf(ctx).send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
    }
  }
}

let nextEntry = 0;

/** A sale entry of `partnerId` at `at`, of `price` (major units) in `currency`, at 10 % commission. */
export const aSale = (partnerId: number, at: string, price = 12.5, currency = 'USD'): LedgerEntry =>
  saleEntry(anOrder({ orderId: `ord_e${nextEntry++}`, partnerId, price, currency, createdAt: at }), 1000);

/** A payment entry of `amount` minor units. */
export const aPayment = (partnerId: number, at: string, amount: number, currency = 'USD', reference = `REF ${nextEntry++}`): LedgerEntry =>
  paymentEntry({ id: `pay_e${nextEntry++}`, partnerId, amount, currency, reference, at: new Date(at) });

/** The month `n` months before `now`'s, `YYYY-MM` (UTC). */
export function monthBefore(now: Date, n: number): string {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return at.toISOString().slice(0, 7);
}

/** An instant in `month` (`YYYY-MM`): its day `day` at noon UTC, plus `ms`. */
export const inMonth = (month: string, day: number, ms = 0): string =>
  new Date(Date.parse(`${month}-${String(day).padStart(2, '0')}T12:00:00.000Z`) + ms).toISOString();
