// Input shapes of the money operations.

/** A calendar month, `YYYY-MM` (UTC). */
export const MONTH_FORM = /^\d{4}-(?:0[1-9]|1[0-2])$/;
