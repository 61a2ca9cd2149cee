// Migration 0006: orders sold before the partner's ledger existed get their entries, as the buy and the cancellation
// write them now: each order its sale entry (dated as the order), and each CANCELLED order its reversal (dated at the
// order's last move, its cancellation). Orders are read by partner (every user's orders, one Query each: never a
// scan); each entry is put only if absent, with its totals, so a run beside live sales, or a second run, writes nothing
// twice. The commission of an order sold before rates were kept is the partner's rate when the migration runs.
import { dbOf } from '#lib/db/client.ts';
import { ledgerRepo } from '#lib/db/ledger-repo.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { commissionFor } from '#lib/money/commission-rates.ts';
import { reversalOf, saleEntry, saleEntryId } from '#lib/money/entry.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';

export const ledgerSaleEntries: Migration = {
  id: '0006-ledger-sale-entries',
  description:
    "every order sold before the partners' ledger existed gets its sale entry (and a cancelled one its reversal), at the " +
    "partner's commission when the migration runs",
  needs: [],

  /** Scanned: orders; converted: orders given an entry now; already: orders whose entries were written before. */
  async run({ ctx }): Promise<MigrationCounts> {
    const counts: MigrationCounts = { scanned: 0, converted: 0, alreadyConverted: 0 };
    const ledger = ledgerRepo(dbOf(ctx), ctx.tableName);
    const orders = partnerOrderRepo(dbOf(ctx), ctx.tableName);
    const highest = await userRepo(dbOf(ctx), ctx.tableName).highestId();
    for (let partnerId = 1; partnerId <= highest; partnerId++) {
      const sold = await orders.listByPartner(partnerId);
      if (sold.length === 0) continue;
      const bps = await commissionFor(ctx, partnerId);
      for (const order of sold) {
        counts.scanned++;
        const sale = (await ledger.get(saleEntryId(order.orderId))) ?? saleEntry(order, bps);
        const written = [await ledger.writeEntry(sale)];
        if (order.status === 'CANCELLED') written.push(await ledger.writeEntry(reversalOf(sale, new Date(order.updatedAt))));
        if (written.some((outcome) => outcome.kind === 'written')) counts.converted++;
        else counts.alreadyConverted++;
      }
    }
    return counts;
  },
};
