// The partner's event feed (GET /partner/events): the events of its orders' moves and the catalogue's events of the last
// 30 days, newest first, page by page from two index partitions keyed by time (the partner's and the catalogue's,
// never a scan) merged into one order, each with the body its deliveries carry.
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { webhookRepo, type EventPosition } from '#lib/db/webhook-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { isCatalogueEventType, isKept, type WebhookEvent } from '#lib/webhooks/events.ts';
import type { ListEventsInput } from '#lib/webhooks/feed-schemas.ts';
import type { eventPageSchema } from '#lib/webhooks/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';
import { LATEST_API_VERSION, shapeEventData } from '#lib/versions/versions.ts';

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
  // In the newest shape, as every answer is built (an event made before versions was kept in 2026-11-23's): the
  // request's version is given to the whole page by the HTTP layer.
  const data = shapeEventData(body.type, body.data as Record<string, unknown>, LATEST_API_VERSION);
  return { id: event.eventId, ...body, data } as FeedEvent;
}

/** Index sort keys compare as positions do: time, then id. */
const sortKeyOf = (p: EventPosition): string => `${p.timestamp}#${p.eventId}`;
const newestFirst = (a: WebhookEvent, b: WebhookEvent): number => {
  const [x, y] = [sortKeyOf(a), sortKeyOf(b)];
  return x < y ? 1 : x > y ? -1 : 0;
};

/**
 * One page of two feeds merged, newest first. Each feed's page ends at its `next` (the last entry it read) unless
 * it is exhausted; past the newest of those ends an unread event of that feed could be missing, so the merged page
 * stops there and goes on from the last event it shows (or from that end when it shows none).
 */
function mergePages(pages: RepoPage[], limit: number): RepoPage {
  const ends = pages.flatMap((page) => (page.next ? [page.next] : []));
  const frontier = ends.length === 0 ? null : ends.reduce((a, b) => (sortKeyOf(a) > sortKeyOf(b) ? a : b));
  const merged = pages
    .flatMap((page) => page.events)
    .sort(newestFirst)
    .filter((event) => frontier === null || sortKeyOf(event) >= sortKeyOf(frontier));
  const shown = merged.slice(0, limit);
  if (merged.length <= limit && frontier === null) return { events: shown, next: null };
  const last = shown.at(-1);
  return { events: shown, next: last ? { timestamp: last.timestamp, eventId: last.eventId } : frontier };
}

type RepoPage = Awaited<ReturnType<ReturnType<typeof webhookRepo>['pageEvents']>>;

/** The partner's order events and the catalogue's, newest first, optionally of one type, one page at a time. */
export async function listEvents(ctx: AppContext, partnerId: number, input: ListEventsInput): Promise<EventPage> {
  const after = input.cursor === undefined ? null : decodeEventCursor(input.cursor);
  const repo = webhookRepo(dbOf(ctx), ctx.tableName);
  const query = { ...(input.type && { type: input.type }), limit: input.limit, after };
  // A type names one feed; without one both are read.
  const feeds = input.type === undefined ? [partnerId, null] : [isCatalogueEventType(input.type) ? null : partnerId];
  const page = mergePages(await Promise.all(feeds.map((feed) => repo.pageEvents(feed, query))), input.limit);
  const now = ctx.now();
  const kept = page.events.filter((event) => isKept(event, now));
  // Newest first: once one is past its keeping time, every later one is too.
  const next = kept.length < page.events.length ? null : page.next;
  return { events: kept.map(feedEventOf), nextCursor: next && encodeEventCursor(next) };
}
