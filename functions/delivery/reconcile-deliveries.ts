// Delivery reconciler, run every minute: recently delivered orders checked against the chain, stopped and forgotten
// orders handed back to the worker, dead-lettered stream records re-driven (lib/delivery/reconcile.ts).
import { reconcileDeliveries, type DeadLetterBox, type ReconcileReport } from '#lib/delivery/reconcile.ts';
import { sqsDeadLetters } from '#lib/delivery/dead-letter-queue.ts';
import { reconcilerConfig } from '#lib/config.ts';
import { logger } from '#lib/runtime/logger.ts';
import { appContext } from '#lib/runtime/context.ts';

/** The stage's dead-letter box, built on the first run and kept for the later runs of this instance (its SQS client with it). */
let deadLetters: DeadLetterBox | undefined;

export const handler = async (): Promise<Omit<ReconcileReport, 'findings'> & { findings: number }> => {
  const { DELIVERY_DLQ_URL, AWS_REGION } = reconcilerConfig();
  if (DELIVERY_DLQ_URL) deadLetters ??= sqsDeadLetters(DELIVERY_DLQ_URL, AWS_REGION);
  const report = await reconcileDeliveries(appContext(), { ...(deadLetters && { deadLetters }) });
  const summary = { ...report, findings: report.findings.length };
  logger.info('deliveries reconciled', summary);
  return summary;
};
