// Ops commands for deliveries: list the orders not delivered yet with their age and reason, and re-queue one.
import type { Command } from 'commander';
import { AppError } from '#lib/errors.ts';
import { listUndeliveredOrders, requeueDelivery, type UndeliveredOrder } from '#lib/delivery/undelivered.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export async function undeliveredOrders(target: TargetOptions): Promise<UndeliveredOrder[]> {
  const opened = await openTarget(target);
  try {
    return await listUndeliveredOrders(opened.ctx);
  } finally {
    await opened.close();
  }
}

export async function retryDelivery(target: TargetOptions, orderId: string) {
  const opened = await openTarget(target);
  try {
    return await requeueDelivery(opened.ctx, orderId);
  } finally {
    await opened.close();
  }
}

/** `3d 04h`, `2h 05m`, `4m 09s`, `12s`: the two largest units of an age. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [d, h, m] = [Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60)];
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${pad(h)}h`;
  if (h > 0) return `${h}h ${pad(m)}m`;
  if (m > 0) return `${m}m ${pad(s % 60)}s`;
  return `${s}s`;
}

export function registerDeliveryCommands(program: Command, target: () => TargetOptions): void {
  program
    .command('deliveries')
    .description('list the orders not delivered yet (SOLD, MINTING, FAILED), oldest first, with their age and reason')
    .option('--json', 'print them as a JSON array')
    .action(async (options: { json?: boolean }) => {
      const orders = await undeliveredOrders(target());
      if (options.json) return console.log(JSON.stringify(orders, null, 2));
      if (orders.length === 0) return console.log('Every order is delivered.');
      for (const o of orders) {
        console.log(
          `${o.orderId}  ${o.status.padEnd(7)}  plaque ${o.plaqueId}  age ${formatAge(o.ageMs)}  attempts ${o.attempts}  ${o.reason}`,
        );
      }
      console.log(`${orders.length} order(s) not delivered.`);
    });

  program
    .command('retry-delivery')
    .description(
      'hand an order back to the delivery worker: a FAILED one, a MINTING one whose worker stopped, or a SOLD one never delivered',
    )
    .argument('<orderId>', 'the order id (ord_…)')
    .action(async (orderId: string) => {
      try {
        const requeued = await retryDelivery(target(), orderId);
        console.log(`Order ${requeued.orderId} (was ${requeued.was}) is queued for delivery again.`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        console.error(error.detail ?? error.title);
        process.exitCode = 1;
      }
    });
}
