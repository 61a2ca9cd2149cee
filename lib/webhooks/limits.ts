// Webhook limits as plain numbers, so the API documentation states them without loading the code that enforces them.
/** Endpoints one partner may have at once. */
export const MAX_WEBHOOKS = 10;
/** Longest endpoint URL accepted (characters). */
export const MAX_URL_LENGTH = 2048;

/**
 * How an endpoint URL is written, as the document states it and the form check applies it (address-guard.ts):
 * `https://` (the scheme in any case) and a host name or bracketed IPv6 address, or `http://` and 127.0.0.1 or
 * localhost, which only the local server accepts; an optional port up to 65535; then a path or query. No user name or
 * password (no `@` before the path), no fragment (no `#`), no space or backslash in the host, no space at the end.
 */
export const WEBHOOK_URL_FORM =
  /^(?:[Hh][Tt][Tt][Pp][Ss]:\/\/(?:\[[0-9A-Fa-f:.]+\]|[^\s\/?#@:<>\[\]\\^|%]+)|[Hh][Tt][Tt][Pp]:\/\/(?:127\.0\.0\.1|[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]))(?::0*(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])?)?(?:[\/?](?:[^#]*[^#\s])?)?$/;
