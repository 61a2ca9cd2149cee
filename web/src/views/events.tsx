// Events: the partner's order events and the catalogue's events of the last 30 days, newest first, page by page,
// optionally of one type, read with the session as every other view reads (GET /partner/event-log: the feed partners'
// servers read with a key).
import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../api.ts';
import { WEBHOOK_EVENTS, type EventPage, type WebhookEvent } from '../types.ts';
import type { ComponentChildren } from 'preact';
import { PageButtons, StatusBadge, TableScroll, Time, Unreachable, useGuardedCalls } from '../ui.tsx';

type FeedEvent = EventPage['events'][number];

/** What an event is about (an order, a plaque, an import) and the state it tells of, as the table's two cells show them. */
function subjectOf(event: FeedEvent): { subject: ComponentChildren; state: ComponentChildren } {
  if (event.type === 'catalogue.imported') {
    const { count, firstPlaqueId, lastPlaqueId } = event.data;
    return { subject: `${count} plaque(s) imported, ids ${firstPlaqueId}–${lastPlaqueId}`, state: '—' };
  }
  if (event.type.startsWith('plaque.') && 'alphabetPart' in event.data) {
    const plaque = event.data;
    const before =
      'previousPrice' in plaque
        ? ` (was ${plaque.previousPrice} ${plaque.previousCurrency})`
        : 'previousStatus' in plaque
          ? ` (was ${plaque.previousStatus})`
          : '';
    return {
      subject: (
        <>
          <span class="plaque-name">{plaque.name}</span> <span class="muted">id {plaque.id}</span>
        </>
      ),
      state: `${plaque.status}, ${plaque.price} ${plaque.currency}${before}`,
    };
  }
  const order = event.data as Extract<FeedEvent['data'], { orderId: string }>;
  return {
    subject: (
      <>
        <code>{order.orderId}</code> <span class="plaque-name">{order.plaqueName}</span>
      </>
    ),
    state: <StatusBadge status={order.status} />,
  };
}

export function Events({ api }: { api: ApiClient }) {
  const [type, setType] = useState<WebhookEvent | null>(null);
  const [page, setPage] = useState<EventPage | null>(null);
  /** The cursors of the pages before the one shown (the first page has none). */
  const [trail, setTrail] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const { busy, trouble, guarded } = useGuardedCalls();

  const read = (at: string | null, before: (string | null)[]) =>
    guarded(
      async () => {
        setRefused(null);
        setPage(await api.listEvents({ type, cursor: at, limit: 20 }));
        setCursor(at);
        setTrail(before);
      },
      (refusal) => {
        setPage(null);
        setRefused(refusal.message);
      },
    );
  // The first page at once, and again when the type filter changes.
  useEffect(() => void read(null, []), [type]);

  return (
    <>
      {trouble && <Unreachable error={trouble.unreachable} onRetry={trouble.retry} />}
      <p>
        Every move of your orders and of the catalogue's plaques in the last 30 days, as your webhook endpoints receive it; the event id is
        the <code>webhook-id</code> of its deliveries. Your servers read the same feed with an API key (<code>GET /partner/events</code>).
      </p>
      <div class="toolbar">
        <label for="events-type">Type</label>
        <select
          id="events-type"
          value={type ?? ''}
          onChange={(event) => setType((event.currentTarget.value || null) as WebhookEvent | null)}
        >
          <option value="">All events</option>
          {WEBHOOK_EVENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="button" class="secondary" disabled={busy} onClick={() => void read(null, [])}>
          Refresh
        </button>
      </div>
      {refused && (
        <p id="events-error" class="field-error" role="alert">
          {refused}
        </p>
      )}
      <div role="status" class="results">
        {page === null && !refused ? <p>Loading…</p> : null}
        {page && (page.events.length === 0 ? <p>No events{type ? ' of this type' : ''} in the last 30 days.</p> : null)}
      </div>
      {page && page.events.length > 0 && (
        <TableScroll label="Event table">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Order or plaque</th>
                <th scope="col">Status</th>
                <th scope="col">Event id</th>
              </tr>
            </thead>
            <tbody>
              {page.events.map((event) => {
                const { subject, state } = subjectOf(event);
                return (
                  <tr key={event.id} data-event-id={event.id}>
                    <td>
                      <Time iso={event.timestamp} />
                    </td>
                    <td>
                      <code>{event.type}</code>
                    </td>
                    <td>{subject}</td>
                    <td>{state}</td>
                    <td>
                      <code>{event.id}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {page && (
        <PageButtons busy={busy} cursor={cursor} trail={trail} nextCursor={page.nextCursor} read={(at, before) => void read(at, before)} />
      )}
    </>
  );
}
