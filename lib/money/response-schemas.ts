// The response shapes of the money operations: the one declaration of each answer's shape, as components built on first
// use (lib/schema.ts). Amounts are integers of the currency's minor units.
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';
import { ENTRY_TYPES } from '#lib/money/entry.ts';

const amount = () => z.int();
const currency = () => z.string().check(z.regex(/^[A-Z]{3}$/));

export const balanceSchema = component('Balance', () => z.object({ balances: z.array(z.object({ currency: currency(), due: amount() })) }));

export const ledgerEntrySchema = component('LedgerEntry', () =>
  z.object({
    id: z.string(),
    type: z.enum(ENTRY_TYPES),
    orderId: z.nullable(z.string()),
    plaqueId: z.nullable(z.int()),
    currency: currency(),
    gross: amount(),
    commission: amount(),
    due: amount(),
    reference: z.nullable(z.string()),
    createdAt: z.iso.datetime(),
  }),
);

export const ledgerPageSchema = component('LedgerPage', () =>
  z.object({ entries: z.array(ledgerEntrySchema.schema()), nextCursor: z.nullable(z.string()) }),
);

const statementLinesSchema = component('StatementLines', () =>
  z.object({ count: z.int(), gross: amount(), commission: amount(), due: amount() }),
);

export const statementSchema = component('Statement', () =>
  z.object({
    month: z.string(),
    currencies: z.array(
      z.object({
        currency: currency(),
        opening: amount(),
        sales: statementLinesSchema.schema(),
        reversals: statementLinesSchema.schema(),
        payments: statementLinesSchema.schema(),
        closing: amount(),
      }),
    ),
  }),
);
