// Password login throttling limits: plain numbers, so the API documentation states them without loading sign-in.
/** Failed password logins allowed per address in one window. */
export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
