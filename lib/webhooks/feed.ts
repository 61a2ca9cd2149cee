// The partner's event feed (GET /partner/events): the events of its orders' moves of the last 30 days, newest first,
// page by page from an index keyed by partner and time (never a scan), each with the body its deliveries carry.
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type EventPosition } from '#lib/db/webhook-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { isKept, type WebhookEvent } from '#lib/webhooks/events.ts';
import type { ListEventsInput } from '#lib/webhooks/feed-schemas.ts';
import type { eventPageSchema } from '#lib/webhooks/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

type EventPage = Shape<typeof eventPageSchema>;
type FeedEvent = EventPage['events'][number];

const CURSOR_POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#(evt_[A-Za-z0-9_-]{1,64})$/;

/** The opaque cursor of a position in a partner's events: base64url of `<timestamp>#<eventId>`. */
const encodeEventCursor = (position: EventPosition): string => encodeCursor([position.timestamp, position.eventId]);

/** The position a cursor names; 400 VALIDATION_FAILED naming `cursor` when this service could not have issued it. */
function decodeEventCursor(cursor: string): EventPosition {
  const [timestamp, eventId] = decodeCursor(cursor, CURSOR_POSITION);
  return { timestamp: timestamp!, eventId: eventId! };
}

/** The event as the feed shows it: its id and the body its deliveries carry. */
function feedEventOf(event: WebhookEvent): FeedEvent {
  const body = JSON.parse(event.body) as Omit<FeedEvent, 'id'>;
  return { id: event.eventId, type: body.type, timestamp: body.timestamp, data: body.data };
}

/** The partner's order events, newest first, optionally of one type, one page at a time. */
export async function listEvents(ctx: AppContext, partnerId: number, input: ListEventsInput): Promise<EventPage> {
  const after = input.cursor === undefined ? null : decodeEventCursor(input.cursor);
  const page = await webhookRepo(dbOf(ctx), ctx.tableName).pageEvents(partnerId, {
    ...(input.type && { type: input.type }),
    limit: input.limit,
    after,
  });
  const now = ctx.now();
  const kept = page.events.filter((event) => isKept(event, now));
  // Newest first: once one is past its keeping time, every later one is too.
  const next = kept.length < page.events.length ? null : page.next;
  return { events: kept.map(feedEventOf), nextCursor: next && encodeEventCursor(next) };
}
