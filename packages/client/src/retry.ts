// Retries of answers that ask to be retried: 429 and 503, after `Retry-After` when the answer gives one, else after
// an exponential backoff with jitter. A wait longer than `maxDelayMs` is not waited out: the answer goes back to the
// caller (a partner's daily quota resets at midnight; no call should sleep until then). Every attempt sends the same
// request, Idempotency-Key included, so a create retried after a lost answer is made once.

export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  attempts?: number;
  /** The first backoff when the answer gives no Retry-After (default 250 ms), doubled each attempt. */
  baseDelayMs?: number;
  /** The longest wait the client takes before a retry (default 30 s). */
  maxDelayMs?: number;
}

const RETRIED = new Set([429, 503]);

/** An HTTP date as RFC 9110 says senders write it (IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or neither (Date.parse alone
 * would read `-5` or `1.5` as dates long past).
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!IMF_FIXDATE.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fetch that retries `request` as the options say. */
export function retryingFetch(
  base: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 30_000;
  return async (request) => {
    for (let attempt = 1; ; attempt += 1) {
      // The original stays unread, so each attempt sends the same body.
      const response = await base(attempt < attempts ? request.clone() : request);
      if (!RETRIED.has(response.status) || attempt >= attempts) return response;
      const backoff = baseDelay * 2 ** (attempt - 1);
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff / 2 + Math.random() * (backoff / 2);
      if (wait > maxDelay) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
