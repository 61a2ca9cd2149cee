// Makes the events of order moves, fed by the table's stream (EVENT_STREAM_FILTERS): one event per move, stored
// whether or not an endpoint wants it (the partner's feed, GET /partner/events, lists it for 30 days), with a delivery
// for each of the partner's endpoints subscribed to it placed in that endpoint's lane for the order, then the sender
// woken for those lanes. A duplicate record of a move finds its event stored (a conditional put) and only wakes the
// sender again.
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import type { Order } from '#lib/partner/order.ts';
import { presentOrders } from '#lib/partner/orders.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { logger } from '#lib/runtime/logger.ts';
import {
  eventIdOf,
  eventTypeOf,
  orderEventBody,
  orderLaneId,
  positionOf,
  type OrderMove,
  type WebhookEvent,
} from '#lib/webhooks/events.ts';
import { newDelivery } from '#lib/webhooks/deliveries.ts';
import { wakeupQueueOf } from '#lib/webhooks/queue.ts';
import { orderMoveOf } from '#lib/webhooks/stream-filter.ts';

/** Stores the move's event and its deliveries (none when no endpoint wants it), then wakes the sender for them. */
async function makeOrderEvent(ctx: AppContext, move: OrderMove, order: Order): Promise<{ eventId: string; endpoints: number }> {
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const type = eventTypeOf(move.status);
  const eventId = eventIdOf(move);
  const endpoints = (await repo.listEndpoints(move.partnerId)).filter((endpoint) => endpoint.events.includes(type));

  // The order as this move left it, in the one Order shape partners see (GET /partner/orders/{orderId}).
  const [view] = await presentOrders(ctx, [order]);
  const laneId = orderLaneId(move.orderId);
  const position = positionOf(move);
  const now = ctx.now().toISOString();
  const event: WebhookEvent = {
    eventId,
    type,
    partnerId: move.partnerId,
    orderId: move.orderId,
    timestamp: move.at,
    body: orderEventBody(type, move.at, view!),
    endpointIds: endpoints.map((endpoint) => endpoint.id),
  };
  const deliveries = endpoints.map((endpoint) => newDelivery({ endpointId: endpoint.id, laneId }, position, eventId, now));
  const stored = await repo.storeEvent(event, deliveries);
  // Stored now, or by an earlier record of this move whose wake-ups may not have gone out: wake its lanes either way.
  const addressed = stored.kind === 'stored' ? event.endpointIds : stored.event.endpointIds;
  await wakeupQueueOf(ctx).send(addressed.map((endpointId) => ({ lane: { endpointId, laneId }, delayMs: 0 })));
  return { eventId, endpoints: addressed.length };
}

/**
 * The batch: each order's records one after another in stream order (so its events are made in the order of its
 * moves), orders side by side. A record that fails is reported with every later record of its order, which the event
 * source hands over again.
 */
export async function makeOrderEvents(ctx: AppContext, records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const byOrder = new Map<string, { record: DynamoDBRecord; move: OrderMove; order: Order }[]>();
  for (const record of records) {
    const parsed = orderMoveOf(record);
    if (!parsed) continue;
    const moves = byOrder.get(parsed.move.orderId) ?? [];
    moves.push({ record, ...parsed });
    byOrder.set(parsed.move.orderId, moves);
  }
  const failed: string[] = [];
  await Promise.all(
    [...byOrder.values()].map(async (moves) => {
      for (let i = 0; i < moves.length; i++) {
        const { move, order } = moves[i]!;
        try {
          const made = await makeOrderEvent(ctx, move, order);
          if (made.endpoints > 0)
            logger.info('order event made', { ...made, orderId: move.orderId, status: move.status, round: move.round });
        } catch (error) {
          logger.warn('order event not made; it will be retried', { orderId: move.orderId, status: move.status, error: error as Error });
          failed.push(...moves.slice(i).map((m) => m.record.dynamodb?.SequenceNumber ?? ''));
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
