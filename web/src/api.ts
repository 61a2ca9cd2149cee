// The dashboard's only way to the API: the public operations, with the signed-in user's token. Every failure is one
// of three kinds the views treat alike: the API's refusal (a problem to show next to the field it names), the
// service out of reach (network failure or 5xx: offer to retry, keep what was typed), or the session over (401).
import { createPlaqueClient, type PlaqueClient } from '@plaque-marketplace/client';
import { dailyQuotaOf } from './key-window.ts';
import { joinCsvFiles, nextFileCursor } from './money-state.ts';
import type {
  ApiKey,
  AuditLogPage,
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
  fetch?: (request: Request) => Promise<Response>;
}

/** `base` joined with `path` (which starts with a slash), whatever `base` ends with. */
export const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && typeof (value as Problem).code === 'string';

/** A typed call's outcome, as the client package answers it. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The dashboard's calls go through the client package partners use (`@plaque-marketplace/client`, typed from the
 * OpenAPI document), its retries off: the views offer the retry themselves and keep what was typed.
 */
export function apiClient(options: ApiClientOptions) {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const reach = async (request: Request): Promise<Response> => {
    try {
      return await send(request);
    } catch {
      throw new ServiceUnreachable(null);
    }
  };
  const common = { baseUrl: options.baseUrl, retry: { attempts: 1 }, fetch: reach };
  // Sign-in calls carry no token, and their 401 is an answer (a wrong code), not a lapsed session.
  const anonymous = createPlaqueClient(common);
  const user = createPlaqueClient({ ...common, token: () => options.token() ?? undefined });

  async function settle<T>(outcome: Outcome<T>, signedIn: boolean): Promise<T> {
    const { data, error, response } = outcome;
    if (response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ServiceUnreachable(response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    if (response.status === 401 && signedIn) {
      options.onSessionEnded();
      throw new SessionEnded();
    }
    if (!response.ok) {
      throw new ApiRefusal(
        isProblem(error) ? error : { status: response.status, code: 'UNEXPECTED', detail: `The service answered ${response.status}.` },
      );
    }
    return data as T;
  }

  /** A call as the signed-in user: ended at once, without a request, when there is no token. */
  async function signed<T>(call: (client: PlaqueClient) => Promise<Outcome<T>>): Promise<T> {
    if (!options.token()) {
      options.onSessionEnded();
      throw new SessionEnded();
    }
    return settle(await call(user), true);
  }

  const id = (value: string) => ({ params: { path: { id: value } } });

  return {
    requestCode: async (email: string): Promise<CodeSent> =>
      settle(await anonymous.POST('/auth/email-verification-code', { body: { email } }), false),
    verifyCode: async (email: string, code: string): Promise<SignedIn> =>
      settle(await anonymous.POST('/auth/evaluate-email-verification-code', { body: { email, code } }), false),
    listKeys: async (): Promise<ApiKey[]> => (await signed((c) => c.GET('/partner/api-keys'))).keys,
    createKey: (name: string, scope: KeyScope): Promise<CreatedApiKey> =>
      signed((c) => c.POST('/partner/api-keys', { body: name.trim() === '' ? { scope } : { name: name.trim(), scope } })),
    rollKey: (keyId: string, expiresInHours: number): Promise<CreatedApiKey> =>
      signed((c) => c.POST('/partner/api-keys/{id}/roll', { ...id(keyId), body: { expiresInHours } })),
    revokeKey: async (keyId: string): Promise<void> => {
      await signed((c) => c.DELETE('/partner/api-keys/{id}', id(keyId)));
    },
    listOrders: (query: { status?: OrderStatus | null; cursor?: string | null; limit?: number }): Promise<OrderPage> =>
      signed((c) =>
        c.GET('/partner/orders', {
          params: {
            query: { ...(query.status && { status: query.status }), limit: query.limit, ...(query.cursor && { cursor: query.cursor }) },
          },
        }),
      ),
    /** The report, and the keys' daily quota its `RateLimit-Policy` names (for each key's window today). */
    usage: async (days: number): Promise<UsageView> => {
      let policy: string | null = null;
      const report = await signed(async (c) => {
        const outcome = await c.GET('/partner/usage', { params: { query: { days } } });
        policy = outcome.response.headers.get('ratelimit-policy');
        return outcome;
      });
      return { ...report, dailyQuota: dailyQuotaOf(policy) };
    },
    listWebhooks: async (): Promise<Webhook[]> => (await signed((c) => c.GET('/partner/webhooks'))).webhooks,
    createWebhook: (url: string, events: readonly WebhookEvent[]): Promise<CreatedWebhook> =>
      signed((c) => c.POST('/partner/webhooks', { body: { url: url.trim(), events: [...events] } })),
    deleteWebhook: async (webhookId: string): Promise<void> => {
      await signed((c) => c.DELETE('/partner/webhooks/{id}', id(webhookId)));
    },
    sendWebhookTest: (webhookId: string): Promise<{ eventId: string }> =>
      signed((c) => c.POST('/partner/webhooks/{id}/test', id(webhookId))),
    listEvents: (query: { type?: WebhookEvent | null; cursor?: string | null; limit?: number }): Promise<EventPage> =>
      signed((c) =>
        c.GET('/partner/event-log', {
          params: { query: { ...(query.type && { type: query.type }), limit: query.limit, ...(query.cursor && { cursor: query.cursor }) } },
        }),
      ),
    resendWebhookEvent: (webhookId: string, eventId: string): Promise<{ eventId: string }> =>
      signed((c) => c.POST('/partner/webhooks/{id}/resend', { ...id(webhookId), body: { eventId } })),
    rotateWebhookSecret: (webhookId: string, expiresInHours: number): Promise<WebhookSecret> =>
      signed((c) => c.POST('/partner/webhooks/{id}/rotate-secret', { ...id(webhookId), body: { expiresInHours } })),
    balance: (): Promise<Balance> => signed((c) => c.GET('/partner/balance')),
    listLedger: (query: { type?: EntryType | null; cursor?: string | null; limit?: number }): Promise<LedgerPage> =>
      signed((c) =>
        c.GET('/partner/ledger', {
          params: { query: { ...(query.type && { type: query.type }), limit: query.limit, ...(query.cursor && { cursor: query.cursor }) } },
        }),
      ),
    listAuditLog: (query: { cursor?: string | null; limit?: number }): Promise<AuditLogPage> =>
      signed((c) =>
        c.GET('/partner/audit-log', { params: { query: { limit: query.limit, ...(query.cursor && { cursor: query.cursor }) } } }),
      ),
    // The statement answers JSON or CSV by Accept: the JSON here, the CSV below.
    statement: (month: string): Promise<Statement> =>
      signed((c) => c.GET('/partner/statements/{month}', { params: { path: { month } } }) as Promise<Outcome<Statement>>),
    /** The month's entries as one CSV file: every file of the statement, followed by its `Link`, joined. */
    statementCsv: async (month: string): Promise<string> => {
      const files: string[] = [];
      let cursor: string | null = null;
      do {
        let link: string | null = null;
        const query = cursor ? { cursor } : {};
        files.push(
          await signed(async (c) => {
            const outcome = await c.GET('/partner/statements/{month}', {
              params: { path: { month }, query },
              headers: { accept: 'text/csv' },
              parseAs: 'text',
            });
            link = outcome.response.headers.get('link');
            return outcome as Outcome<string>;
          }),
        );
        cursor = nextFileCursor(link);
      } while (cursor);
      return joinCsvFiles(files);
    },
    webhookDeliveries: async (webhookId: string, limit: number): Promise<WebhookAttempt[]> =>
      (await signed((c) => c.GET('/partner/webhooks/{id}/deliveries', { params: { path: { id: webhookId }, query: { limit } } })))
        .deliveries,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
