// Webhooks: register an endpoint (URL and events; its signing secret shown once, with a copy button), list the
// endpoints, send one a test event, rotate its secret (the new one shown once, the old one signing on for the overlap
// chosen), read its delivery log and send a logged event again (the log follows until the new attempt shows), and
// delete one after confirming.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Fragment, type ComponentChildren } from 'preact';
import type { ApiClient } from '../api.ts';
import {
  CATALOGUE_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  type CreatedWebhook,
  type Webhook,
  type WebhookAttempt,
  type WebhookSecret,
} from '../types.ts';
import { ShownOnce, TableScroll, Time, Unreachable, Url, useGuardedCalls } from '../ui.tsx';
import {
  attemptOutcome,
  attemptsOf,
  checkForm,
  DEFAULT_LOG_LIMIT,
  DEFAULT_OVERLAP_HOURS,
  emptyForm,
  EVENT_DESCRIPTIONS,
  eventTypeLabel,
  formatDuration,
  LOG_LIMITS,
  OVERLAP_HOURS,
  overlapLabel,
  refusalMessages,
  RESEND_FOLLOW_EVERY_MS,
  RESEND_FOLLOW_MS,
  withEvent,
  type FormMessage,
  type FormMessages,
  type WebhookForm,
} from '../webhooks-state.ts';

/** The delivery log shown: whose, how many attempts, and the attempts once read. */
interface Log {
  webhook: Webhook;
  limit: number;
  attempts: WebhookAttempt[] | null;
  /** When the attempts shown were read. */
  readAt: string | null;
  refusal: string | null;
}

/** A message of the form with the API's code, for one input (`id` is what the input's aria-describedby names). */
function Message({ id, message }: { id: string; message: FormMessage | null }) {
  if (!message) return null;
  return (
    <p id={id} class="field-error" role="alert">
      {message.text}
      {message.code && <span class="problem-code"> ({message.code})</span>}
    </p>
  );
}

/** Whether the dashboard calls a local server (`npm start`), whose endpoints may be http on this machine. */
const callsLocalServer = (apiUrl: string): boolean => /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?(?:\/|$)/.test(apiUrl);

export function Webhooks({ api, apiUrl }: { api: ApiClient; apiUrl: string }) {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [form, setForm] = useState<WebhookForm>(emptyForm());
  const [messages, setMessages] = useState<FormMessages>({ url: null, events: null, form: null });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  /** The endpoint whose rotation is being chosen, and the overlap chosen. */
  const [rotating, setRotating] = useState<{ id: string; hours: number } | null>(null);
  const [rotated, setRotated] = useState<(WebhookSecret & { url: string }) | null>(null);
  const overlapSelect = useRef<HTMLSelectElement>(null);
  const [done, setDone] = useState<ComponentChildren>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [log, setLog] = useState<Log | null>(null);
  /** A resend the log follows until its attempt shows: the event, how many of its attempts were logged, until when. */
  const [following, setFollowing] = useState<{ webhookId: string; eventId: string; logged: number; until: number } | null>(null);
  const { busy, trouble, guarded } = useGuardedCalls();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const logHeading = useRef<HTMLHeadingElement>(null);
  /** The log was opened by its button: the focus follows to it (not when a test event opened it). */
  const focusLog = useRef(false);

  const load = () => guarded(async () => setWebhooks(await api.listWebhooks()));
  useEffect(() => void load(), []);
  useEffect(() => confirmButton.current?.focus(), [confirming]);
  useEffect(() => overlapSelect.current?.focus(), [rotating?.id]);

  const create = () => {
    const local = checkForm(form);
    setDone(null);
    if (local) {
      setMessages(local);
      return;
    }
    return guarded(
      async () => {
        setMessages({ url: null, events: null, form: null });
        const webhook = await api.createWebhook(form.url.trim(), form.events);
        setCreated(webhook);
        setForm(emptyForm());
        setWebhooks(await api.listWebhooks());
      },
      (refusal) => setMessages(refusalMessages(refusal.problem)),
    );
  };

  /** Reads the log of `webhook` (the one shown, or another), `limit` attempts. */
  const readLog = (webhook: Webhook, limit: number) =>
    guarded(
      async () => {
        setLog((shown) =>
          shown?.webhook.id === webhook.id && shown.limit === limit
            ? { ...shown, refusal: null }
            : { webhook, limit, attempts: null, readAt: null, refusal: null },
        );
        const attempts = await api.webhookDeliveries(webhook.id, limit);
        setLog({ webhook, limit, attempts, readAt: new Date().toISOString(), refusal: null });
      },
      (refusal) => setLog({ webhook, limit, attempts: [], readAt: null, refusal: refusal.message }),
    );
  useEffect(() => {
    if (focusLog.current) logHeading.current?.focus();
    focusLog.current = false;
  }, [log?.webhook.id]);

  const sendTest = (webhook: Webhook) =>
    guarded(
      async () => {
        setRefused(null);
        setDone(null);
        const { eventId } = await api.sendWebhookTest(webhook.id);
        setDone(
          <>
            Test event <code>{eventId}</code> queued for {webhook.url}: it is sent now. Refresh the delivery log to see the attempt.
          </>,
        );
        if (log?.webhook.id !== webhook.id) await readLog(webhook, DEFAULT_LOG_LIMIT);
      },
      (refusal) => setRefused(refusal.message),
    );

  const rotate = (webhook: Webhook, hours: number) =>
    guarded(
      async () => {
        setRefused(null);
        setDone(null);
        const secret = await api.rotateWebhookSecret(webhook.id, hours);
        setRotating(null);
        setRotated({ ...secret, url: webhook.url });
      },
      (refusal) => setRefused(refusal.message),
    );

  const resend = (webhook: Webhook, eventId: string) =>
    guarded(
      async () => {
        setRefused(null);
        setDone(null);
        const logged = attemptsOf(log?.attempts ?? [], eventId);
        await api.resendWebhookEvent(webhook.id, eventId);
        setDone(
          <>
            Event <code>{eventId}</code> queued for {webhook.url} again: it is sent now, and the log below shows its attempt once made.
          </>,
        );
        setFollowing({ webhookId: webhook.id, eventId, logged, until: Date.now() + RESEND_FOLLOW_MS });
      },
      (refusal) => setRefused(refusal.message),
    );

  // The log read again every second after a resend, until the resend's attempt shows (or a while has passed).
  useEffect(() => {
    if (!following || log?.webhook.id !== following.webhookId) return;
    const shown = log;
    const timer = window.setTimeout(() => {
      api.webhookDeliveries(shown.webhook.id, shown.limit).then(
        (attempts) => {
          setLog({ ...shown, attempts, readAt: new Date().toISOString(), refusal: null });
          const seen = attemptsOf(attempts, following.eventId) > following.logged;
          setFollowing(seen || Date.now() > following.until ? null : { ...following });
        },
        () => setFollowing(null),
      );
    }, RESEND_FOLLOW_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [following, log?.webhook.id]);

  const remove = (webhook: Webhook) =>
    guarded(
      async () => {
        setRefused(null);
        setDone(null);
        await api.deleteWebhook(webhook.id);
        setConfirming(null);
        setDone(`The endpoint ${webhook.url} is deleted: it receives no more events.`);
        if (log?.webhook.id === webhook.id) setLog(null);
        setWebhooks(await api.listWebhooks());
      },
      (refusal) => setRefused(refusal.message),
    );

  const urlDescribedBy = ['webhook-url-hint', messages.url && 'webhook-url-error'].filter(Boolean).join(' ');

  return (
    <>
      {trouble && <Unreachable error={trouble.unreachable} onRetry={trouble.retry} />}
      <section aria-labelledby="create-webhook-heading">
        <h2 id="create-webhook-heading">Add an endpoint</h2>
        <p>Your server receives every move of your orders as a signed POST (Standard Webhooks). At most 10 endpoints.</p>
        <Message id="webhook-form-error" message={messages.form} />
        <form
          noValidate
          class="webhook-form"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <div class="field">
            <label for="webhook-url">Endpoint URL</label>
            <input
              id="webhook-url"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellcheck={false}
              value={form.url}
              placeholder="https://shop.example/hooks/plaques"
              onInput={(event) => setForm({ ...form, url: event.currentTarget.value })}
              aria-invalid={messages.url ? 'true' : undefined}
              aria-describedby={urlDescribedBy}
            />
            <p id="webhook-url-hint" class="hint">
              {callsLocalServer(apiUrl)
                ? 'An https address reachable from the internet, or on this machine http://127.0.0.1:<port>/… or http://localhost:<port>/… (the local server accepts those); it is checked when you add it, and again before every send.'
                : 'An https address reachable from the internet; the service checks it when you add it, and again before every send.'}
            </p>
            <Message id="webhook-url-error" message={messages.url} />
          </div>
          <fieldset class="checks" aria-describedby={messages.events ? 'webhook-events-error' : undefined}>
            <legend>Events</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <Fragment key={name}>
                {name === CATALOGUE_WEBHOOK_EVENTS[0] && <p class="hint">The catalogue's events, about every plaque:</p>}
                <label key={name} class="check">
                  <input
                    type="checkbox"
                    name="events"
                    value={name}
                    checked={form.events.includes(name)}
                    onChange={(event) => setForm(withEvent(form, name, event.currentTarget.checked))}
                  />
                  <span>
                    <code>{name}</code> <span class="muted">— {EVENT_DESCRIPTIONS[name]}</span>
                  </span>
                </label>
              </Fragment>
            ))}
            <Message id="webhook-events-error" message={messages.events} />
          </fieldset>
          <div>
            <button type="submit" disabled={busy}>
              Add endpoint
            </button>
          </div>
        </form>
        {created && (
          <ShownOnce
            id="new-secret"
            heading={
              <>
                Signing secret of <Url url={created.url} />
              </>
            }
            value={created.secret}
            copyLabel="Copy secret"
            onDone={() => setCreated(null)}
          >
            Your server verifies each delivery's <code>webhook-signature</code> with it.
          </ShownOnce>
        )}
      </section>

      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Your endpoints</h2>
        {rotated && (
          <ShownOnce
            id="rotated-secret"
            heading={
              <>
                New signing secret of <Url url={rotated.url} />
              </>
            }
            value={rotated.secret}
            copyLabel="Copy new secret"
            onDone={() => setRotated(null)}
          >
            {rotated.previousSecretExpiresAt ? (
              <>
                Until <Time iso={rotated.previousSecretExpiresAt} /> every delivery is signed with both the old and the new secret, so your
                server may switch to the new one meanwhile.
              </>
            ) : (
              'The old secret signs no more deliveries.'
            )}
          </ShownOnce>
        )}
        <div role="status" class="results">
          {done && <p class="notice notice-ok">{done}</p>}
        </div>
        {refused && (
          <p class="field-error" role="alert">
            {refused}
          </p>
        )}
        {webhooks === null ? (
          <p>Loading…</p>
        ) : webhooks.length === 0 ? (
          <p>You have no endpoints yet. Add one above to receive your orders' events.</p>
        ) : (
          <TableScroll label="Endpoint table">
            <table>
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {webhooks.map((webhook) => (
                  <tr key={webhook.id} data-webhook-id={webhook.id}>
                    <td>
                      <Url url={webhook.url} />
                    </td>
                    <td>
                      <ul class="plain">
                        {webhook.events.map((name) => (
                          <li key={name}>
                            <code>{name}</code>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <Time iso={webhook.createdAt} />
                    </td>
                    <td class="actions-cell">
                      {confirming === webhook.id ? (
                        <div class="confirm" role="group" aria-label={`Delete ${webhook.url}?`}>
                          <span>Delete this endpoint? It will receive no more events.</span>
                          <button type="button" class="danger" ref={confirmButton} disabled={busy} onClick={() => void remove(webhook)}>
                            Delete endpoint
                          </button>
                          <button type="button" class="secondary" onClick={() => setConfirming(null)}>
                            Keep it
                          </button>
                        </div>
                      ) : rotating?.id === webhook.id ? (
                        <div class="confirm" role="group" aria-label={`Rotate the secret of ${webhook.url}`}>
                          <label for={`overlap-${webhook.id}`}>Old secret keeps signing for</label>
                          <select
                            id={`overlap-${webhook.id}`}
                            ref={overlapSelect}
                            value={String(rotating.hours)}
                            onChange={(event) => setRotating({ id: webhook.id, hours: Number(event.currentTarget.value) })}
                          >
                            {OVERLAP_HOURS.map((hours) => (
                              <option key={hours} value={String(hours)}>
                                {overlapLabel(hours)}
                              </option>
                            ))}
                          </select>
                          <button type="button" disabled={busy} onClick={() => void rotate(webhook, rotating.hours)}>
                            Rotate secret
                          </button>
                          <button type="button" class="secondary" onClick={() => setRotating(null)}>
                            Keep it
                          </button>
                        </div>
                      ) : (
                        <div class="actions">
                          <button type="button" class="secondary" disabled={busy} onClick={() => void sendTest(webhook)}>
                            Send test<span class="visually-hidden"> event to {webhook.url}</span>
                          </button>
                          <button
                            type="button"
                            class="secondary"
                            onClick={() => {
                              focusLog.current = true;
                              void readLog(webhook, log?.limit ?? DEFAULT_LOG_LIMIT);
                            }}
                          >
                            Delivery log<span class="visually-hidden"> of {webhook.url}</span>
                          </button>
                          <button
                            type="button"
                            class="secondary"
                            onClick={() => setRotating({ id: webhook.id, hours: DEFAULT_OVERLAP_HOURS })}
                          >
                            Rotate secret…<span class="visually-hidden"> of {webhook.url}</span>
                          </button>
                          <button type="button" class="secondary" onClick={() => setConfirming(webhook.id)}>
                            Delete…<span class="visually-hidden"> {webhook.url}</span>
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      {log && (
        <section aria-labelledby="log-heading" class="delivery-log">
          <h2 id="log-heading" ref={logHeading} tabIndex={-1}>
            Delivery log of <Url url={log.webhook.url} />
          </h2>
          <div class="toolbar">
            <label for="log-limit">Attempts shown</label>
            <select
              id="log-limit"
              value={String(log.limit)}
              onChange={(event) => void readLog(log.webhook, Number(event.currentTarget.value))}
            >
              {LOG_LIMITS.map((limit) => (
                <option key={limit} value={String(limit)}>
                  {limit}
                </option>
              ))}
            </select>
            <button type="button" class="secondary" disabled={busy} onClick={() => void readLog(log.webhook, log.limit)}>
              Refresh
            </button>
            <span role="status" class="muted">
              {log.attempts === null
                ? 'Loading…'
                : log.readAt
                  ? `${log.attempts.length} ${log.attempts.length === 1 ? 'attempt' : 'attempts'}, read at ${log.readAt.slice(11, 19)} UTC`
                  : ''}
            </span>
          </div>
          {log.refusal && (
            <p class="field-error" role="alert">
              {log.refusal}
            </p>
          )}
          {log.attempts !== null && log.attempts.length === 0 && !log.refusal && (
            <p>No deliveries yet. Send a test event, or wait for your next order to move.</p>
          )}
          {log.attempts !== null && log.attempts.length > 0 && (
            <TableScroll label="Delivery attempts">
              <table class="deliveries">
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Order</th>
                    <th scope="col" class="number">
                      Attempt
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col" class="number">
                      Duration
                    </th>
                    <th scope="col">Time, next attempt</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {log.attempts.map((attempt) => {
                    const outcome = attemptOutcome(attempt);
                    return (
                      <tr
                        key={`${attempt.eventId}-${attempt.attempt}`}
                        data-event-id={attempt.eventId}
                        data-status={attempt.statusCode ?? ''}
                      >
                        <td>
                          <code class="event-id">{attempt.eventId}</code>
                          <div class="cell-note">{eventTypeLabel(attempt.type)}</div>
                        </td>
                        <td>
                          {attempt.orderId === null ? (
                            <span class="muted">
                              —<span class="visually-hidden">no order (a test event)</span>
                            </span>
                          ) : (
                            <code class="order-id" title="The order's id, as the Orders view shows it">
                              {attempt.orderId}
                            </code>
                          )}
                        </td>
                        <td class="number">{attempt.attempt}</td>
                        <td>
                          <span class={`badge badge-${outcome.ok ? 'done' : 'failed'}`}>{outcome.label}</span>
                          {outcome.error && <div class="attempt-error">{outcome.error}</div>}
                        </td>
                        <td class="number">{formatDuration(attempt.durationMs)}</td>
                        <td>
                          <Time iso={attempt.at} />
                          <div class="cell-note">
                            {attempt.nextAttemptAt ? (
                              <>
                                next <Time iso={attempt.nextAttemptAt} />
                              </>
                            ) : (
                              <>
                                —<span class="visually-hidden">no next attempt</span>
                              </>
                            )}
                          </div>
                        </td>
                        <td>
                          <button type="button" class="secondary" disabled={busy} onClick={() => void resend(log.webhook, attempt.eventId)}>
                            Resend<span class="visually-hidden"> event {attempt.eventId}</span>
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
      )}
    </>
  );
}
