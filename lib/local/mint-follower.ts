// The local runtime's follower of mint batches (in AWS a function its SQS queue wakes, functions/delivery/
// follow-mints.ts): watches the local chain's head every 50 ms (less often while nothing happens: lib/local/
// idle-pace.ts) and, on every new block (and every second meanwhile while batches are in flight, to broadcast again
// or replace what is pending; every 10 s when none was), follows every batch in flight with the same code. It also
// tells the sender's stream poller when to hand its gathered orders over: in time for the next block (a block every
// N seconds), keeping before it as long as the last sends took, or at once (a block per transaction).
import { logger } from '#lib/runtime/logger.ts';
import { chainReaderOf } from '#lib/chain/chain-port.ts';
import { followInFlight } from '#lib/delivery/follow-mints.ts';
import { followSigning } from '#lib/delivery/follow-signing.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { IDLE_POLL_MS, idlePace, noteActivity } from '#lib/local/idle-pace.ts';

/** How often the chain's head is read. */
const HEAD_POLL_MS = 50;
/** Batches in flight are looked at this often even without a new block (to broadcast again, or replace). */
const IDLE_FOLLOW_MS = 1_000;
/**
 * With none in flight at the last look, this often without a new block or this process's activity (a batch a sender
 * here makes moves the head or wakes the follower at once; this finds one another process made).
 */
const IDLE_LOOK_MS = 10_000;
/** The least time kept before the next block for a batch's hand-over to broadcast (sign, store, send). */
const HAND_OVER_MARGIN_MS = 500;
/** Sends remembered to judge how long the next one takes. */
const SENDS_REMEMBERED = 5;

/**
 * How long before the next block the sender gets its orders: the longest of the last few sends (hand-over to broadcast)
 * and a quarter more, at least HAND_OVER_MARGIN_MS (a quarter of the block at most for that floor), at most half a
 * block, so that orders still wait for company for half a block and a busy machine's slower sends still make the block.
 */
export function handOverMargin(recentSendsMs: readonly number[], blockMs: number): number {
  const floor = Math.min(HAND_OVER_MARGIN_MS, blockMs / 4);
  const longest = Math.max(0, ...recentSendsMs);
  return Math.min(blockMs / 2, Math.max(floor, Math.ceil(longest * 1.25)));
}

export interface LocalMintFollower {
  /** When the sender must get the orders gathered so far, to make the next block (epoch ms; 0: at once). */
  handOverBy: () => number;
  /** How long a hand-over to the sender took, to its broadcast (ms): the next hand-overs keep that much time. */
  sendTook: (ms: number) => void;
  stop: () => Promise<void>;
}

export function startLocalMintFollower(ctx: AppContext, blockTimeSeconds: number | null): LocalMintFollower {
  const chain = chainReaderOf(ctx);
  let running = true;
  let head = -1n;
  let headSeenAt = Date.now();
  let lastFollow = 0;
  let following: Promise<unknown> = Promise.resolve();
  let busy = false;
  let again = false;
  let inFlight = true;

  // With a block per transaction, blocks come only from transactions, which this process's activity (a sender's pass)
  // announces: the head is read less often while nothing happens. A block every N seconds is watched at HEAD_POLL_MS
  // always, as the sender's hand-over is timed from the moment each block is seen.
  const pace = idlePace({ busyMs: HEAD_POLL_MS, idleMs: blockTimeSeconds === null ? IDLE_POLL_MS : HEAD_POLL_MS });
  /** One pass over the batches in flight; a block that comes during a pass gets a pass of its own after it. */
  const follow = () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    lastFollow = Date.now();
    following = followInFlight(ctx, { signing: followSigning })
      // Batches followed may have sent a transaction: the chain's state saver looks now.
      .then((outcomes) => {
        inFlight = outcomes.size > 0;
        if (inFlight) noteActivity(pace);
      })
      .catch((error: unknown) => logger.warn('mint batches not followed; the next block tries again', { error: error as Error }))
      .finally(() => {
        busy = false;
        if (again && running) {
          again = false;
          follow();
        }
      });
  };

  const watching = (async () => {
    let woken = false;
    while (running) {
      let moved = false;
      try {
        const latest = await chain.blockNumber('latest');
        moved = latest !== head;
        if (moved) {
          head = latest;
          headSeenAt = Date.now();
          follow();
        } else if (woken || Date.now() - lastFollow >= (inFlight ? IDLE_FOLLOW_MS : IDLE_LOOK_MS)) follow();
      } catch {
        // The node busy or stopping: the next read tries again.
      }
      if (running) woken = await pace.rest(moved || busy);
    }
  })();

  const blockMs = blockTimeSeconds === null ? null : blockTimeSeconds * 1000;
  const recentSends: number[] = [];
  return {
    handOverBy: () => (blockMs === null ? 0 : headSeenAt + blockMs - handOverMargin(recentSends, blockMs)),
    sendTook: (ms) => {
      recentSends.push(ms);
      if (recentSends.length > SENDS_REMEMBERED) recentSends.shift();
    },
    stop: async () => {
      running = false;
      pace.close();
      await watching;
      while (busy) await following;
    },
  };
}
