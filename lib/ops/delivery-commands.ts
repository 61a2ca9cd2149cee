// Ops commands for deliveries: list the orders not delivered yet with their age and reason, re-queue one, cancel a
// FAILED one, or sum what delivered orders cost.
import type { Command } from 'commander';
import { formatEther } from 'viem';
import { AppError } from '#lib/errors.ts';
import {
  cancelOrder,
  listUndeliveredOrders,
  reconcilerFindings,
  requeueDelivery,
  type ReconcilerFinding,
  type UndeliveredOrder,
} from '#lib/delivery/undelivered.ts';
import { deliveryCostsByDay, type DeliveryCostRow } from '#lib/delivery/delivery-costs.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export async function undeliveredOrders(target: TargetOptions): Promise<UndeliveredOrder[]> {
  const opened = await openTarget(target);
  try {
    return await listUndeliveredOrders(opened.ctx);
  } finally {
    await opened.close();
  }
}

/** What the delivery reconciler found in the last `hours` hours. */
async function deliveryFindings(target: TargetOptions, hours: number): Promise<ReconcilerFinding[]> {
  const opened = await openTarget(target);
  try {
    return await reconcilerFindings(opened.ctx, new Date(opened.ctx.now().getTime() - hours * 3600_000));
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

async function cancelFailedOrder(target: TargetOptions, orderId: string, reason: string) {
  const opened = await openTarget(target);
  try {
    return await cancelOrder(opened.ctx, orderId, reason);
  } finally {
    await opened.close();
  }
}

/** What orders delivered in the last `days` UTC days (today included) cost, by day and partner. */
async function deliveryCosts(target: TargetOptions, days: number): Promise<DeliveryCostRow[]> {
  const opened = await openTarget(target);
  try {
    const now = opened.ctx.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
    return await deliveryCostsByDay(opened.ctx, from, now);
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
    .description(
      'list the orders not delivered yet (SOLD, MINTING, FAILED), oldest first, with their age and reason, then what the delivery reconciler found',
    )
    .option('--json', 'print them as JSON: {"undelivered": [...], "reconciler": [...]}')
    .option('--hours <hours>', "how far back the reconciler's findings go", '24')
    .action(async (options: { json?: boolean; hours: string }) => {
      const hours = Number(options.hours);
      if (!(hours > 0)) throw new Error(`--hours must be a positive number: ${options.hours}`);
      const orders = await undeliveredOrders(target());
      const findings = await deliveryFindings(target(), hours);
      if (options.json) return console.log(JSON.stringify({ undelivered: orders, reconciler: findings }, null, 2));
      if (orders.length === 0) console.log('Every order is delivered.');
      for (const o of orders) {
        console.log(
          `${o.orderId}  ${o.status.padEnd(7)}  plaque ${o.plaqueId}  age ${formatAge(o.ageMs)}  attempts ${o.attempts}  ${o.reason}`,
        );
      }
      if (orders.length > 0) console.log(`${orders.length} order(s) not delivered.`);
      if (findings.length === 0) return console.log(`The reconciler found nothing to repair in the last ${hours} h.`);
      console.log(`The reconciler, last ${hours} h:`);
      for (const f of findings) console.log(`${f.at}  ${f.orderId}  ${f.kind}  ${f.action}  ${f.detail}`);
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

  program
    .command('cancel-order')
    .description(
      'give up on a FAILED order: the order CANCELLED with the reason, its plaque AVAILABLE again (LOCKED when its token already exists on chain), order.cancelled sent',
    )
    .argument('<orderId>', 'the order id (ord_…)')
    .requiredOption('--reason <text>', "why, in words the partner reads (the order's cancelReason)")
    .action(async (orderId: string, options: { reason: string }) => {
      try {
        const cancelled = await cancelFailedOrder(target(), orderId, options.reason);
        if (cancelled.plaqueStatus === 'AVAILABLE') {
          console.log(`Order ${cancelled.orderId} is cancelled; plaque ${cancelled.plaqueId} is AVAILABLE again.`);
        } else {
          console.log(
            `Order ${cancelled.orderId} is cancelled; plaque ${cancelled.plaqueId} is LOCKED and stays off sale: its token ` +
              `${cancelled.tokenId} already exists on ${cancelled.contractAddress} (minted outside this order), so it can ` +
              'never be sold and minted again.\n' +
              "Look the token up on the stage's block explorer (<explorer>/token/<contract>?a=<token id>) to see who holds " +
              'it; to sell the plaque again, import it as a new plaque with another token id (npm run ops -- import) ' +
              'and leave this one LOCKED.',
          );
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        console.error(error.detail ?? error.title);
        process.exitCode = 1;
      }
    });

  program
    .command('delivery-costs')
    .description(
      "what delivered orders cost the signer, by UTC day and partner: orders, gas (each order's share of its mint transaction), fees in ETH, gas a token",
    )
    .option('--days <days>', 'how many UTC days back, today included', '30')
    .option('--json', 'print them as JSON: [{"date", "partnerId", "orders", "gas", "feeWei", "feeEth", "gasPerToken"}]')
    .action(async (options: { days: string; json?: boolean }) => {
      const days = Number(options.days);
      if (!Number.isInteger(days) || days < 1 || days > 400)
        throw new Error(`--days must be a whole number from 1 to 400: ${options.days}`);
      const rows = await deliveryCosts(target(), days);
      if (options.json) return console.log(JSON.stringify(rows, null, 2));
      if (rows.length === 0) return console.log(`No order was delivered in the last ${days} day(s).`);
      console.log('day         partner  orders        gas  gas a token  fees (ETH)');
      for (const r of rows) {
        console.log(
          `${r.date}  ${String(r.partnerId).padStart(7)}  ${String(r.orders).padStart(6)}  ${String(r.gas).padStart(9)}  ${String(r.gasPerToken).padStart(11)}  ${r.feeEth}`,
        );
      }
      const orders = rows.reduce((sum, r) => sum + r.orders, 0);
      const gas = rows.reduce((sum, r) => sum + r.gas, 0);
      const fee = rows.reduce((sum, r) => sum + BigInt(r.feeWei), 0n);
      console.log(`${orders} order(s): ${gas} gas, ${Math.round(gas / orders)} a token, ${formatEther(fee)} ETH.`);
    });
}
