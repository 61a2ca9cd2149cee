// The webhooks view's logic: the event checkboxes keep the API's order, the form's own check is lenient (the API judges
// the URL), the API's refusal lands next to the input it names (or above the form), and the delivery log reads well.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ORDER_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type Problem, type WebhookAttempt, type WebhookEvent } from '../../web/src/types.ts';
import {
  attemptOutcome,
  attemptsOf,
  checkForm,
  emptyForm,
  eventTypeLabel,
  formatDuration,
  refusalMessages,
  withEvent,
} from '../../web/src/webhooks-state.ts';

const anAttempt = (overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  eventId: 'evt_1',
  type: 'order.sold',
  orderId: 'ord_1',
  attempt: 1,
  statusCode: 200,
  error: null,
  durationMs: 42,
  at: '2026-03-01T12:00:00.000Z',
  nextAttemptAt: null,
  ...overrides,
});

describe('the registration form', () => {
  it('starts with no URL and every order event ticked, the catalogue events not', () => {
    expect(emptyForm()).toEqual({ url: '', events: ['order.sold', 'order.minting', 'order.delivered', 'order.failed', 'order.cancelled'] });
  });

  it('unticks and ticks events, keeping them in the API’s order', () => {
    let form = withEvent(emptyForm(), 'order.sold', false);
    expect(form.events).toEqual(['order.minting', 'order.delivered', 'order.failed', 'order.cancelled']);
    form = withEvent(withEvent(withEvent(form, 'order.minting', false), 'order.failed', false), 'order.cancelled', false);
    form = withEvent(form, 'order.sold', true);
    expect(form.events).toEqual(['order.sold', 'order.delivered']);
    expect(withEvent(form, 'order.sold', true).events).toEqual(['order.sold', 'order.delivered']);
  });

  // Whatever boxes are ticked and unticked in whatever order, the events are a duplicate-free list in the API's order.
  it('always holds each ticked event once, in the API’s order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom<WebhookEvent>(...WEBHOOK_EVENTS), fc.boolean()), { maxLength: 30 }), (clicks) => {
        const form = clicks.reduce((f, [event, on]) => withEvent(f, event, on), emptyForm());
        expect(form.events).toEqual(WEBHOOK_EVENTS.filter((e) => form.events.includes(e)));
        for (const event of WEBHOOK_EVENTS) {
          const last = clicks.findLast(([e]) => e === event);
          // Unclicked, an order event stays ticked and a catalogue event unticked, as the fresh form has them.
          expect(form.events.includes(event)).toBe(last ? last[1] : (ORDER_WEBHOOK_EVENTS as readonly string[]).includes(event));
        }
      }),
    );
  });

  it('asks for a URL and at least one event, and leaves the rest to the API', () => {
    expect(checkForm({ url: '  ', events: [] })).toEqual({
      url: { text: 'Enter the URL that receives the events.', code: null },
      events: { text: 'Choose at least one event.', code: null },
      form: null,
    });
    expect(checkForm({ url: 'https://shop.example/hooks', events: [] })).toMatchObject({ url: null, events: { code: null } });
    // Lenient: plain http, a private address, even no scheme: the API says what it accepts on this stage.
    for (const url of ['http://shop.example/hooks', 'https://10.0.0.8/x', 'shop.example/hooks', 'http://127.0.0.1:4000/hooks'])
      expect(checkForm({ url, events: ['order.sold'] })).toBeNull();
  });
});

describe('the API’s refusal', () => {
  it('puts INVALID_WEBHOOK_URL next to the URL, with its detail and code', () => {
    const problem: Problem = {
      status: 400,
      code: 'INVALID_WEBHOOK_URL',
      detail: '10.0.0.8 is not a public address',
      errors: [{ path: 'url', message: '10.0.0.8 is not a public address' }],
    };
    expect(refusalMessages(problem)).toEqual({
      url: { text: '10.0.0.8 is not a public address', code: 'INVALID_WEBHOOK_URL' },
      events: null,
      form: null,
    });
  });

  it('splits a validation failure naming both inputs between them', () => {
    const problem: Problem = {
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'url Invalid URL; events[0] Invalid option',
      errors: [
        { path: 'url', message: 'Invalid URL' },
        { path: 'events[0]', message: 'Invalid option' },
      ],
    };
    expect(refusalMessages(problem)).toEqual({
      url: { text: 'url Invalid URL', code: 'VALIDATION_FAILED' },
      events: { text: 'events[0] Invalid option', code: 'VALIDATION_FAILED' },
      form: null,
    });
  });

  it('puts a refusal naming no input (the endpoint limit) above the form', () => {
    const problem: Problem = {
      status: 409,
      code: 'WEBHOOK_LIMIT_REACHED',
      detail: 'at most 10 webhook endpoints per partner; delete one first',
    };
    expect(refusalMessages(problem)).toEqual({
      url: null,
      events: null,
      form: { text: 'at most 10 webhook endpoints per partner; delete one first', code: 'WEBHOOK_LIMIT_REACHED' },
    });
    expect(refusalMessages({ status: 415, code: 'UNEXPECTED' }).form).toEqual({ text: 'The service refused (415).', code: 'UNEXPECTED' });
  });
});

describe('the delivery log', () => {
  it('reads a 2xx as delivered, anything else or no answer as failed, with the reason', () => {
    expect(attemptOutcome(anAttempt())).toEqual({ label: '200', ok: true, error: null });
    expect(attemptOutcome(anAttempt({ statusCode: 204 })).ok).toBe(true);
    expect(attemptOutcome(anAttempt({ statusCode: 503, error: 'the endpoint answered 503' }))).toEqual({
      label: '503',
      ok: false,
      error: 'the endpoint answered 503',
    });
    expect(attemptOutcome(anAttempt({ statusCode: 301, error: 'redirects are not followed' })).ok).toBe(false);
    expect(attemptOutcome(anAttempt({ statusCode: null, error: 'no answer within 15 s' }))).toEqual({
      label: 'No answer',
      ok: false,
      error: 'no answer within 15 s',
    });
  });

  it('writes durations in ms under a second, in seconds above', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(85)).toBe('85 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(1340)).toBe('1.3 s');
    expect(formatDuration(15_000)).toBe('15 s');
  });

  it('names the test event as such', () => {
    expect(eventTypeLabel('ping')).toBe('ping (test)');
    expect(eventTypeLabel('order.delivered')).toBe('order.delivered');
  });
});

describe('following a resend', () => {
  it('counts the attempts of one event in the log, so a resend shows once there is one more', () => {
    const log = [anAttempt({ eventId: 'evt_a', attempt: 2 }), anAttempt({ eventId: 'evt_b' }), anAttempt({ eventId: 'evt_a' })];
    expect(attemptsOf(log, 'evt_a')).toBe(2);
    expect(attemptsOf(log, 'evt_c')).toBe(0);
  });
});
