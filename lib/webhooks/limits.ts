// Webhook limits as plain numbers, so the API documentation states them without loading the code that enforces them.
/** Endpoints one partner may have at once. */
export const MAX_WEBHOOKS = 10;
/** Longest endpoint URL accepted (characters). */
export const MAX_URL_LENGTH = 2048;
