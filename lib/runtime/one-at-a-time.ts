// Runs asynchronous tasks one at a time, in call order: each starts once the one before it has settled.
// The chain port serializes its nonce-holding sends with it, the local stream poller its passes over the shards.

export type OneAtATime = <T>(task: () => Promise<T>) => Promise<T>;

/** A queue of its own: tasks given to it never overlap; a task that fails does not stop the ones after it. */
export function oneAtATime(): OneAtATime {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => task());
    tail = run.catch(() => undefined);
    return run;
  };
}
