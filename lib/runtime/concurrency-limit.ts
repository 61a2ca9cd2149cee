// Runs asynchronous tasks at most N at a time, the rest waiting in call order: a semaphore for work whose cost grows
// with how much of it runs at once (the password KDF takes 128 MiB per call).

export interface ConcurrencyLimit {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (never more than the limit). */
  readonly running: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/** A limit of its own: at most `max` of the tasks given to it run at once; a task that fails frees its slot. */
export function concurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit must be a positive integer, not ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the first waiting one, so no newcomer can slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const limited = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    else await new Promise<void>((resume) => waiting.push(resume));
    try {
      return await task();
    } finally {
      release();
    }
  };
  return Object.defineProperties(limited, {
    running: { get: () => running },
    waiting: { get: () => waiting.length },
  }) as ConcurrencyLimit;
}
