// When a failed delivery is tried again (as POST /partner/webhooks documents it): after 5 s, 5 min, 30 min, 2 h,
// 5 h, 10 h and 10 h, then it is recorded as failed. Pure; the sender takes the schedule as an option so tests need
// not wait for it.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits before attempts 2, 3, … 8, in milliseconds. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** How long a receiver has to answer: a 2xx within it is success. */
export const DELIVERY_TIMEOUT_MS = 15 * SECOND;

/** What an attempt's result means for the event: sent, tried again at `retryAt`, or given up after the last try. */
export type AttemptVerdict = { kind: 'delivered' } | { kind: 'retry'; retryAt: Date } | { kind: 'failed' };

/** `attempt` is 1 for the first try. */
export function judgeAttempt(attempt: number, succeeded: boolean, now: Date, delays: readonly number[] = RETRY_DELAYS_MS): AttemptVerdict {
  if (succeeded) return { kind: 'delivered' };
  const wait = delays[attempt - 1];
  return wait === undefined ? { kind: 'failed' } : { kind: 'retry', retryAt: new Date(now.getTime() + wait) };
}

/** 2xx, and nothing else, is success: a redirect is not followed. */
export const isSuccessStatus = (status: number | null): boolean => status !== null && status >= 200 && status < 300;
