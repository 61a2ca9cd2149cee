// Test helpers for the partners' money: a partner's ledger read back whole, and the sum of its entries.
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import type { LedgerEntry } from '#lib/money/entry.ts';
import type { AppContext } from '#lib/runtime/context.ts';

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
