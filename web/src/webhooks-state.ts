// The webhooks view's logic: the registration form (the events ticked, the form's own lenient check, where the API's
// refusal is shown) and how an attempt of the delivery log reads (outcome, duration, event type).
import { ORDER_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type Problem, type WebhookAttempt, type WebhookEvent } from './types.ts';

export interface WebhookForm {
  url: string;
  /** Always in the API's order, each at most once. */
  events: WebhookEvent[];
}

/** What each event tells the partner's server, next to its checkbox. */
export const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'order.sold': 'a plaque is sold with one of your keys',
  'order.minting': 'its token is being minted to the buyer',
  'order.delivered': "the token is in the buyer's wallet",
  'order.failed': 'the token could not be delivered',
  'order.cancelled': 'a failed order is cancelled and its plaque is for sale again',
  'plaque.listed': 'any plaque of the catalogue goes on sale (available and featured)',
  'plaque.price_changed': "a plaque's price changes (with the previous price)",
  'plaque.status_changed': "a plaque's status changes (with the previous status)",
  'plaque.metadata_updated': "a minted plaque's name or image changes",
  'catalogue.imported': 'plaques are imported (one event per import, not one per plaque)',
};

/**
 * A fresh form: no URL, every order event ticked (most partners follow an order from sale to delivery), the
 * catalogue's events left for the partner to choose (they tell of every plaque, not only the partner's).
 */
export const emptyForm = (): WebhookForm => ({ url: '', events: [...ORDER_WEBHOOK_EVENTS] });

/** The form with `event` ticked (`on`) or not; the events stay in the API's order. */
export function withEvent(form: WebhookForm, event: WebhookEvent, on: boolean): WebhookForm {
  const chosen = new Set(form.events);
  if (on) chosen.add(event);
  else chosen.delete(event);
  return { ...form, events: WEBHOOK_EVENTS.filter((e) => chosen.has(e)) };
}

/** A message for the partner, with the API's stable code when the API said it. */
export interface FormMessage {
  text: string;
  code: string | null;
}

/** Where messages go: next to the URL, next to the event boxes, or above the form (the refusal names neither). */
export interface FormMessages {
  url: FormMessage | null;
  events: FormMessage | null;
  form: FormMessage | null;
}

const noMessages: FormMessages = { url: null, events: null, form: null };

/**
 * The form's own check before sending, lenient on purpose: a URL is typed and an event ticked. Whether the stage
 * may send to the URL (https, public addresses, the host resolving) is the API's judgement, not the page's.
 */
export function checkForm(form: WebhookForm): FormMessages | null {
  const url = form.url.trim() === '' ? { text: 'Enter the URL that receives the events.', code: null } : null;
  const events = form.events.length === 0 ? { text: 'Choose at least one event.', code: null } : null;
  return url || events ? { ...noMessages, url, events } : null;
}

/** Whether an error's path names `field` (`events`, `events[0]`, `events.1`). */
const names = (path: string, field: string): boolean => path === field || path.startsWith(`${field}[`) || path.startsWith(`${field}.`);

/**
 * The API's refusal, placed: errors naming `url` or `events` go next to that input (the problem's detail when it names
 * only that input, else that input's errors); a refusal naming neither (the endpoint limit) goes above the form.
 */
export function refusalMessages(problem: Problem): FormMessages {
  const errors = problem.errors ?? [];
  const about = (field: string): FormMessage | null => {
    const own = errors.filter((e) => names(e.path, field));
    if (own.length === 0) return null;
    const text = own.length === errors.length && problem.detail ? problem.detail : own.map((e) => `${e.path} ${e.message}`).join('; ');
    return { text, code: problem.code };
  };
  const url = about('url');
  const events = about('events');
  const form =
    url || events ? null : { text: problem.detail ?? problem.title ?? `The service refused (${problem.status}).`, code: problem.code };
  return { url, events, form };
}

/** An attempt's outcome as the log shows it: the status code (or that none came), success or not, and why not. */
export interface AttemptOutcome {
  label: string;
  ok: boolean;
  error: string | null;
}

/** A 2xx answer is success (the sender's own rule); anything else, or no answer, failed. */
export function attemptOutcome(attempt: WebhookAttempt): AttemptOutcome {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300 && attempt.error === null;
  return { label: attempt.statusCode === null ? 'No answer' : String(attempt.statusCode), ok, error: attempt.error };
}

/** `85 ms`, `1.3 s`, `15 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** How many attempts of `eventId` the log shows: a resend has been logged once it shows more than before. */
export const attemptsOf = (attempts: readonly WebhookAttempt[], eventId: string): number =>
  attempts.filter((attempt) => attempt.eventId === eventId).length;

/** How long the log follows a resend until its attempt shows, and how often it reads meanwhile (ms). */
export const RESEND_FOLLOW_MS = 15_000;
export const RESEND_FOLLOW_EVERY_MS = 1_000;

/** The event type as a partner reads it: the test event says so. */
export const eventTypeLabel = (type: string): string => (type === 'ping' ? 'ping (test)' : type);

/** How many recent attempts the log may show (the API's limit is 1–100). */
export const LOG_LIMITS = [10, 20, 50, 100] as const;
/** How long the replaced secret may still sign after a rotation (hours; the API takes 0–72), and the default. */
export const OVERLAP_HOURS = [0, 1, 24, 72] as const;
export const DEFAULT_OVERLAP_HOURS = 24;

/** An overlap choice in words. */
export const overlapLabel = (hours: number): string =>
  hours === 0 ? 'not at all (stop it now)' : hours === 1 ? '1 hour' : `${hours} hours`;
export const DEFAULT_LOG_LIMIT = 20;
