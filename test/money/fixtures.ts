// Test helpers for the partners' money: a partner that signs in and holds keys of both scopes, its ledger read back
// whole, and the sum of its entries.
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import type { LedgerEntry } from '#lib/money/entry.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';
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
