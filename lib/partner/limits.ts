// Partner limits as plain numbers, so the API documentation states them without loading the code that enforces them.
/** Keys a user may hold active at once: API Gateway caps keys per account and region, so one user cannot use them up. */
export const MAX_ACTIVE_KEYS = 20;
/** Characters of a key kept in the clear to recognise it later (`pk_` and 7 more: far too few to guess the rest). */
export const KEY_PREFIX_LENGTH = 10;
/** A key's last use is recorded at most this often (one write a minute per key, not one per request). */
export const LAST_USED_RESOLUTION_MS = 60_000;
