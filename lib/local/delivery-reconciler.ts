// The delivery reconciler of the local runtime: one pass when `npm start` starts, before the stream poller hands the
// worker anything (no worker of this DATA_DIR runs then, so every claim found is a killed one's and ends at once), then
// one pass every RECONCILE_INTERVAL_MS, like the scheduled function in AWS.
import { reconcileDeliveries, type ReconcileReport } from '#lib/delivery/reconcile.ts';
import { deadLetterFolder } from '#lib/local/dead-letters.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Between passes: an order a kill left SOLD (its stream record read but not sent) is handed back within 40 s. */
const RECONCILE_INTERVAL_MS = 10_000;
/** A SOLD order the local stream has not handed over within this long lost its record (the poller looks every 250 ms). */
const STALE_SOLD_MS = 30_000;
/** Delivered orders checked against the local chain: a day back, so a restart long after a kill still repairs them. */
const DELIVERED_WINDOW_MS = 24 * 3600_000;

interface LocalReconciler {
  /** The first pass's report, or why it failed (the timer's passes try again). */
  first: ReconcileReport | Error;
  stop: () => Promise<void>;
}

export async function startDeliveryReconciler(ctx: AppContext, streamStateDir: string, intervalMs = RECONCILE_INTERVAL_MS) {
  const options = { deadLetters: deadLetterFolder(streamStateDir), staleSoldMs: STALE_SOLD_MS, deliveredWindowMs: DELIVERED_WINDOW_MS };
  const first = await reconcileDeliveries(ctx, { ...options, noWorkerRunning: true }).catch((error: unknown) => error as Error);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      reconcileDeliveries(ctx, options).catch((error: unknown) =>
        console.error(`Delivery reconciliation failed: ${(error as Error).message}`),
      ),
    );
  }, intervalMs);
  return {
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  } satisfies LocalReconciler;
}

/** One line for the start-up log: what the first pass found. */
export function summarize(report: ReconcileReport | Error): string {
  if (report instanceof Error) return `not reconciled (${report.message}); the next pass tries again`;
  const by = new Map<string, number>();
  for (const finding of report.findings) by.set(finding.kind, (by.get(finding.kind) ?? 0) + 1);
  const found = [...by].map(([kind, count]) => `${count} ${kind}`).join(', ');
  const batches = Object.entries(report.batches)
    .map(([outcome, count]) => `${count} ${outcome}`)
    .join(', ');
  return `checked ${report.checkedDelivered} delivered and ${report.sweptUndelivered} undelivered order(s)${batches ? `, followed the mint batches in flight (${batches})` : ''}, ${report.redriven} dead letter(s) re-driven${found ? `; found ${found}` : '; nothing to repair'}${report.errors ? `; ${report.errors} left for the next pass` : ''}`;
}
