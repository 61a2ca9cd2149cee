// The pace of the local runtime's pollers (stream consumers, the webhook wake-up folder, the chain's head and its state
// saver): a short wait while their passes find work, a wait that doubles up to an idle one while they find none, and
// back to short at once when something in this process may have made work: a write the local server answered, or a
// pass of another poller that found some. An idle `npm start` then asks DynamoDB Local and anvil a few times a second
// rather than dozens, and its event loop stays free for the queries it answers; work made in another process (an ops
// command) is seen within the idle wait.

/**
 * The longest wait of the local runtime's pollers while nothing happens: how late work made in another process (an ops
 * command's write, a block of anvil's timer) may be seen.
 */
export const IDLE_POLL_MS = 1_000;

type Listener = () => void;

const listeners = new Set<Listener>();

/** Something in this process may have made work for the pollers: every idle wait ends now (but the noting one's). */
export function noteActivity(from?: IdlePace): void {
  for (const listener of [...listeners]) if (listener !== from?.wake) listener();
}

export interface IdlePace {
  /**
   * Waits before the next pass: `busyMs` after a pass that found work, else twice the last wait, up to `idleMs`.
   * → whether the wait was ended early (activity, wake or close) rather than waited out.
   */
  rest: (found: boolean) => Promise<boolean>;
  /** Ends the wait under way at once, and the next one is short again (a stop, or a caller waiting on this poller). */
  wake: () => void;
  /** Stops listening for activity and ends the wait under way. */
  close: () => void;
}

export interface IdlePaceOptions {
  busyMs: number;
  /** The longest wait while passes find nothing (`busyMs` when absent: a fixed pace). */
  idleMs?: number;
}

export function idlePace({ busyMs, idleMs = busyMs }: IdlePaceOptions): IdlePace {
  const longest = Math.max(idleMs, busyMs);
  /** The next idle wait: the short one first (work often comes in runs), then doubled each time. */
  let next = busyMs;
  let end: Listener = () => undefined;
  const wake = () => {
    next = busyMs;
    end();
  };
  listeners.add(wake);
  return {
    rest: (found) => {
      const ms = found ? busyMs : next;
      next = found ? busyMs : Math.min(longest, next * 2);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), ms);
        function done(early: boolean) {
          clearTimeout(timer);
          end = () => undefined;
          resolve(early);
        }
        end = () => done(true);
      });
    },
    wake,
    close: () => {
      listeners.delete(wake);
      end();
    },
  };
}
