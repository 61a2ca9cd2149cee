// The local stand-in for the firewall's sign-in rule (infra/firewall-rules.ts): per client address, at most a set
// number of sign-in requests (code requests, code evaluations, password logins) in a 5-minute window; the rest are
// answered 429 TOO_MANY_REQUESTS with Retry-After, before any handler runs, as WAF answers them in AWS.

/** The sign-in paths, as the firewall's rule names them (the infra tests hold the two lists together). */
export const SIGN_IN_ROUTE_PATHS = ['/auth/email-verification-code', '/auth/evaluate-email-verification-code', '/auth/login'];

/** WAF's rate-based rules count over 5 minutes. */
export const SIGN_IN_WINDOW_MS = 5 * 60_000;

export interface SignInLimiter {
  /** Counts one sign-in request of `client` at `now` (epoch ms): null when admitted, else the seconds until it may retry. */
  admit(client: string, now: number): number | null;
}

/** A limiter of `limit` requests per client per window, counted in fixed windows that start at a client's first request. */
export function signInLimiter(limit: number, windowMs = SIGN_IN_WINDOW_MS): SignInLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const forgetEnded = (now: number) => {
    for (const [client, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(client);
  };
  return {
    admit(client, now) {
      // Bounded memory: ended windows are dropped once many clients were seen.
      if (windows.size >= 10_000) forgetEnded(now);
      let window = windows.get(client);
      if (!window || now - window.startedAt >= windowMs) windows.set(client, (window = { startedAt: now, count: 0 }));
      if (window.count >= limit) return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      window.count++;
      return null;
    },
  };
}
