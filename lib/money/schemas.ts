// Request shapes of the money operations, as zod schemas: they validate the path and query and generate the document.

/** A calendar month, `YYYY-MM` (UTC). */
export const MONTH_FORM = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/** The time an ISO 8601 date or date-time names, in epoch milliseconds: a date is its midnight UTC, a time without zone UTC. */
export function instantMs(text: string): number {
  const zoned = !text.includes('T') || /(?:Z|[+-]\d{2}:?\d{2})$/.test(text);
  return Date.parse(zoned ? text : `${text}Z`);
}
