// The dashboard's only way to the API: the public operations, with the signed-in user's token. Every failure is one
// of three kinds the views treat alike: the API's refusal (a problem to show next to the field it names), the
// service out of reach (network failure or 5xx: offer to retry, keep what was typed), or the session over (401).
import { dailyQuotaOf } from './key-window.ts';
import { joinCsvFiles, nextFileCursor } from './money-state.ts';
import type {
  ApiKey,
  Balance,
  EntryType,
  LedgerPage,
  Statement,
  CodeSent,
  CreatedApiKey,
  KeyScope,
  CreatedWebhook,
  EventPage,
  OrderPage,
  OrderStatus,
  Problem,
  SignedIn,
  UsageReport,
  UsageView,
  Webhook,
  WebhookAttempt,
  WebhookEvent,
  WebhookSecret,
} from './types.ts';

/** The API refused the request (4xx other than a lapsed session): its problem document says why. */
export class ApiRefusal extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? problem.code);
    this.name = 'ApiRefusal';
  }

  /** The message for one input: the error naming it, else (when `orElse`) the problem's detail. */
  messageFor(field: string, orElse = false): string | null {
    const named = this.problem.errors?.find((e) => e.path === field);
    if (named) return this.problem.detail ?? `${field} ${named.message}`;
    return orElse ? this.message : null;
  }
}

/** The service could not be reached, or failed (5xx): nothing the user did wrong; retrying may work. */
export class ServiceUnreachable extends Error {
  constructor(
    readonly status: number | null,
    /** Seconds the service asked to wait (Retry-After), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(status === null ? 'The service could not be reached.' : `The service is not answering right now (${status}).`);
    this.name = 'ServiceUnreachable';
  }
}

/** The token was refused (expired, revoked, signed out elsewhere): the user must sign in again. */
export class SessionEnded extends Error {
  constructor() {
    super('Your session has ended. Please sign in again.');
    this.name = 'SessionEnded';
  }
}

export interface ApiClientOptions {
  /** The stage's API base URL (`https://…/v1/`, or the local server). */
  baseUrl: string;
  /** The signed-in user's token, or null. */
  token: () => string | null;
  /** Called once a signed-in call is refused with 401, before the call fails with SessionEnded. */
  onSessionEnded: () => void;
  fetch?: typeof fetch;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Sign-in calls carry no token, and their 401 is an answer (a wrong code), not a lapsed session. */
  signedIn?: boolean;
  /** A text form of the answer (`text/csv`) in place of its JSON: the call answers the text and the `Link` header. */
  text?: string;
  /** A response header read with the JSON body: the call answers `{ body, header }` (null when the answer has none). */
  header?: string;
}

/** `base` joined with `path` (which starts with a slash), whatever `base` ends with. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && typeof (value as Problem).code === 'string';

export function apiClient(options: ApiClientOptions) {
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function call<T>({ method, path, body, signedIn = true, text, header }: Call): Promise<T> {
    const headers: Record<string, string> = { accept: text ?? 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (signedIn) {
      const token = options.token();
      if (!token) {
        options.onSessionEnded();
        throw new SessionEnded();
      }
      headers.authorization = `Bearer ${token}`;
    }
    let response: Response;
    try {
      response = await send(joinUrl(options.baseUrl, path), {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ServiceUnreachable(null);
    }
    if (response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ServiceUnreachable(response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    if (text && response.ok) return { text: await response.text(), link: response.headers.get('link') } as T;
    const json = await readJson(response);
    if (response.status === 401 && signedIn) {
      options.onSessionEnded();
      throw new SessionEnded();
    }
    if (!response.ok) {
      throw new ApiRefusal(
        isProblem(json) ? json : { status: response.status, code: 'UNEXPECTED', detail: `The service answered ${response.status}.` },
      );
    }
    return (header ? { body: json, header: response.headers.get(header) } : json) as T;
  }

  return {
    requestCode: (email: string) =>
      call<CodeSent>({ method: 'POST', path: '/auth/email-verification-code', body: { email }, signedIn: false }),
    verifyCode: (email: string, code: string) =>
      call<SignedIn>({ method: 'POST', path: '/auth/evaluate-email-verification-code', body: { email, code }, signedIn: false }),
    listKeys: async () => (await call<{ keys: ApiKey[] }>({ method: 'GET', path: '/partner/api-keys' })).keys,
    createKey: (name: string, scope: KeyScope) =>
      call<CreatedApiKey>({
        method: 'POST',
        path: '/partner/api-keys',
        body: name.trim() === '' ? { scope } : { name: name.trim(), scope },
      }),
    rollKey: (id: string, expiresInHours: number) =>
      call<CreatedApiKey>({ method: 'POST', path: `/partner/api-keys/${encodeURIComponent(id)}/roll`, body: { expiresInHours } }),
    revokeKey: (id: string) => call<void>({ method: 'DELETE', path: `/partner/api-keys/${encodeURIComponent(id)}` }),
    listOrders: (query: { status?: OrderStatus | null; cursor?: string | null; limit?: number }) => {
      const params = new URLSearchParams();
      if (query.status) params.set('status', query.status);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      const search = params.toString();
      return call<OrderPage>({ method: 'GET', path: `/partner/orders${search ? `?${search}` : ''}` });
    },
    /** The report, and the keys' daily quota its `RateLimit-Policy` names (for each key's window today). */
    usage: async (days: number): Promise<UsageView> => {
      const answer = await call<{ body: UsageReport; header: string | null }>({
        method: 'GET',
        path: `/partner/usage?days=${days}`,
        header: 'ratelimit-policy',
      });
      return { ...answer.body, dailyQuota: dailyQuotaOf(answer.header) };
    },
    listWebhooks: async () => (await call<{ webhooks: Webhook[] }>({ method: 'GET', path: '/partner/webhooks' })).webhooks,
    createWebhook: (url: string, events: readonly WebhookEvent[]) =>
      call<CreatedWebhook>({ method: 'POST', path: '/partner/webhooks', body: { url: url.trim(), events } }),
    deleteWebhook: (id: string) => call<void>({ method: 'DELETE', path: `/partner/webhooks/${encodeURIComponent(id)}` }),
    sendWebhookTest: (id: string) =>
      call<{ eventId: string }>({ method: 'POST', path: `/partner/webhooks/${encodeURIComponent(id)}/test` }),
    listEvents: (query: { type?: WebhookEvent | null; cursor?: string | null; limit?: number }) => {
      const params = new URLSearchParams();
      if (query.type) params.set('type', query.type);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      const search = params.toString();
      return call<EventPage>({ method: 'GET', path: `/partner/event-log${search ? `?${search}` : ''}` });
    },
    resendWebhookEvent: (id: string, eventId: string) =>
      call<{ eventId: string }>({ method: 'POST', path: `/partner/webhooks/${encodeURIComponent(id)}/resend`, body: { eventId } }),
    rotateWebhookSecret: (id: string, expiresInHours: number) =>
      call<WebhookSecret>({ method: 'POST', path: `/partner/webhooks/${encodeURIComponent(id)}/rotate-secret`, body: { expiresInHours } }),
    balance: () => call<Balance>({ method: 'GET', path: '/partner/balance' }),
    listLedger: (query: { type?: EntryType | null; cursor?: string | null; limit?: number }) => {
      const params = new URLSearchParams();
      if (query.type) params.set('type', query.type);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      const search = params.toString();
      return call<LedgerPage>({ method: 'GET', path: `/partner/ledger${search ? `?${search}` : ''}` });
    },
    statement: (month: string) => call<Statement>({ method: 'GET', path: `/partner/statements/${encodeURIComponent(month)}` }),
    /** The month's entries as one CSV file: every file of the statement, followed by its `Link`, joined. */
    statementCsv: async (month: string) => {
      const files: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const file = await call<{ text: string; link: string | null }>({
          method: 'GET',
          path: `/partner/statements/${encodeURIComponent(month)}${query}`,
          text: 'text/csv',
        });
        files.push(file.text);
        cursor = nextFileCursor(file.link);
      } while (cursor);
      return joinCsvFiles(files);
    },
    webhookDeliveries: async (id: string, limit: number) =>
      (
        await call<{ deliveries: WebhookAttempt[] }>({
          method: 'GET',
          path: `/partner/webhooks/${encodeURIComponent(id)}/deliveries?limit=${limit}`,
        })
      ).deliveries,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
