// Request shapes of the money operations, as zod schemas: they validate the path and query and generate the document.
import * as z from 'zod/mini';
import { ENTRY_TYPES } from '#lib/money/entry.ts';

/** Entries per ledger page: at most, and when not asked. */
export const MAX_LEDGER_LIMIT = 100;
export const DEFAULT_LEDGER_LIMIT = 20;

/** A calendar month, `YYYY-MM` (UTC). */
export const MONTH_FORM = /^\d{4}-(?:0[1-9]|1[0-2])$/;
export const monthParam = z.string().check(z.regex(MONTH_FORM, 'must be a month written YYYY-MM'));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The time an ISO 8601 date or date-time names, in epoch milliseconds: a date is its midnight UTC, a time without zone UTC. */
export function instantMs(text: string): number {
  const zoned = !text.includes('T') || /(?:Z|[+-]\d{2}:?\d{2})$/.test(text);
  return Date.parse(zoned ? text : `${text}Z`);
}

/** Whether the text's calendar date exists (Date.parse reads 2026-02-30 as 2 March) and its time is one. */
function realInstant(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(instantMs(text));
}

const instant = z
  .string()
  .check(z.regex(ISO_INSTANT, 'must be an ISO 8601 date or date-time'), z.refine(realInstant, 'must be a real date'));

const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(512)));

export const listLedgerInput = z
  .object({
    from: z.optional(instant),
    to: z.optional(instant),
    type: z.optional(z.enum(ENTRY_TYPES)),
    limit: z._default(z.int().check(z.minimum(1), z.maximum(MAX_LEDGER_LIMIT)), DEFAULT_LEDGER_LIMIT),
    cursor,
  })
  .check(
    z.refine((q) => q.from === undefined || q.to === undefined || instantMs(q.from) <= instantMs(q.to), {
      message: 'must not be after to',
      path: ['from'],
    }),
  );

/** The statement's query: `cursor` continues its CSV file (the `Link` of the page before); JSON answers ignore it. */
export const statementQuery = z.object({ cursor });
