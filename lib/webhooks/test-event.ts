// A test event for one of the partner's endpoints: a `ping`, queued and sent like any other event.
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo } from '#lib/db/webhook-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { ownEndpoint } from '#lib/webhooks/endpoints.ts';
import { newPingEventId, PING_EVENT_TYPE, PING_POSITION, pingEventBody, pingLaneId } from '#lib/webhooks/events.ts';
import { newDelivery } from '#lib/webhooks/deliveries.ts';
import { wakeupQueueOf } from '#lib/webhooks/queue.ts';
import type { webhookTestSentSchema } from '#lib/webhooks/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

type WebhookTestSent = Shape<typeof webhookTestSentSchema>;

/** Queues a `ping` event for the endpoint, sent at once and retried like any other event. */
export async function sendTestEvent(ctx: AppContext, partnerId: number, id: string): Promise<WebhookTestSent> {
  const endpoint = await ownEndpoint(ctx, partnerId, id);
  const eventId = newPingEventId();
  const now = ctx.now().toISOString();
  const laneId = pingLaneId(eventId);
  const stored = await webhookRepo(dbOf(ctx), ctx.tableName).storeEvent(
    {
      eventId,
      type: PING_EVENT_TYPE,
      partnerId,
      orderId: null,
      timestamp: now,
      body: pingEventBody(now, endpoint.id),
      endpointIds: [endpoint.id],
    },
    [newDelivery({ endpointId: endpoint.id, laneId }, PING_POSITION, eventId, now)],
  );
  if (stored.kind !== 'stored') throw new Error(`test event ${eventId} collided with another`);
  await wakeupQueueOf(ctx).send([{ lane: { endpointId: endpoint.id, laneId }, delayMs: 0 }]);
  return { eventId };
}
