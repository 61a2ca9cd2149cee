// The Plaque Marketplace API's client. Every operation of the published OpenAPI document is a typed call
// (`client.GET('/partner/orders/{orderId}', …)`, openapi-fetch over the document's types), and the partner flow has
// named calls that return the answer's body or throw a PlaqueApiError. On every call: the key or token given here,
// the pinned API version, an Idempotency-Key on every operation that takes one (a fresh UUID unless the call gives
// its own), and retries of 429/503 after their Retry-After.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { IDEMPOTENT_OPERATIONS, type components, type paths } from './generated/api.ts';
import { PlaqueApiError } from './errors.ts';
import { retryingFetch, type RetryOptions } from './retry.ts';

export type { components, paths } from './generated/api.ts';
export { PlaqueApiError, type Problem } from './errors.ts';
export { retryAfterMs, type RetryOptions } from './retry.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.ts';

type Schemas = components['schemas'];
export type Plaque = Schemas['Plaque'];
export type Order = Schemas['Order'];
export type FeaturedFilters = Schemas['FeaturedFilters'];

export interface PlaqueClientOptions {
  /** The API's base URL: a stage's URL, or the local server's (`http://127.0.0.1:3000`). */
  baseUrl: string;
  /** A partner API key, sent as `x-api-key`. */
  apiKey?: string;
  /** A signed-in user's token, sent as `Authorization: Bearer`; a function is asked before every call. */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /** `Plaque-Version` for every call (else the key's pinned version answers). */
  version?: string;
  retry?: RetryOptions;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/** The GET paths whose answers are pages (`nextCursor`), with their query. */
type PagedPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': { nextCursor?: unknown } } } } } }
    ? P
    : never;
}[keyof paths];
type PageOf<P extends PagedPath> = paths[P]['get']['responses'][200]['content']['application/json'];
type ParametersOf<P extends PagedPath> = paths[P]['get']['parameters'];
/** The members of a page that hold its items. */
type ItemsKey<P extends PagedPath> = { [K in keyof PageOf<P>]: PageOf<P>[K] extends readonly unknown[] ? K : never }[keyof PageOf<P>];
type ItemOf<P extends PagedPath, K extends ItemsKey<P>> = PageOf<P>[K] extends readonly (infer I)[] ? I : never;

export interface PageRequest<P extends PagedPath> {
  /** The path's parameters (`{ orderId: … }`), when it has any. */
  path?: ParametersOf<P> extends { path?: infer T } ? T : never;
  /** The query, without the cursor: the client follows `nextCursor` itself. */
  query?: ParametersOf<P> extends { query?: infer Q } ? Omit<NonNullable<Q>, 'cursor'> : never;
  headers?: Record<string, string>;
}

/** The listing's query, with `filters` as the typed object the client writes as the JSON text the query carries. */
export type FeaturedQuery = Omit<NonNullable<paths['/plaques/featured']['get']['parameters']['query']>, 'filters'> & {
  filters?: FeaturedFilters;
};

function authMiddleware(options: PlaqueClientOptions): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const method = request.method.toUpperCase();
      if (options.apiKey && !request.headers.has('x-api-key')) request.headers.set('x-api-key', options.apiKey);
      if (options.token && !request.headers.has('authorization')) {
        const token = typeof options.token === 'function' ? await options.token() : options.token;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      }
      if (options.version && !request.headers.has('plaque-version')) request.headers.set('plaque-version', options.version);
      if (IDEMPOTENT_OPERATIONS.has(`${method} ${schemaPath}`) && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', crypto.randomUUID());
      }
      return request;
    },
  };
}

/** The body of a 2xx answer, or the PlaqueApiError of any other. */
function bodyOf<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw new PlaqueApiError(result.response, result.error);
  return result.data as T;
}

const idempotency = (key: string | undefined) => (key === undefined ? {} : { 'Idempotency-Key': key });

export function createPlaqueClient(options: PlaqueClientOptions) {
  const client: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), options.retry),
  });
  client.use(authMiddleware(options));

  /** Every page of a list, following `nextCursor` until the last. */
  async function* pages<P extends PagedPath>(path: P, request: PageRequest<P> = {}): AsyncGenerator<PageOf<P>> {
    let cursor: string | undefined;
    do {
      const params = { path: request.path, query: { ...(request.query as object), ...(cursor === undefined ? {} : { cursor }) } };
      const get = client.GET as unknown as (
        path: string,
        init: object,
      ) => Promise<{ data?: PageOf<P>; error?: unknown; response: Response }>;
      const page = bodyOf(await get(path, { params, headers: request.headers }));
      yield page;
      const next = (page as { nextCursor?: string | null }).nextCursor;
      cursor = typeof next === 'string' && next !== '' ? next : undefined;
    } while (cursor !== undefined);
  }

  /** Every item of a list, page after page: `for await (const order of plaques.items('/partner/orders', 'orders'))`. */
  async function* items<P extends PagedPath, K extends ItemsKey<P>>(
    path: P,
    key: K,
    request: PageRequest<P> = {},
  ): AsyncGenerator<ItemOf<P, K>> {
    for await (const page of pages(path, request)) yield* page[key] as unknown as ItemOf<P, K>[];
  }

  const id = (value: number | string) => String(value);

  return Object.assign(client, {
    pages,
    items,
    /** The featured listing, one page: `filters` as an object. */
    listFeatured: async (query: FeaturedQuery = {}) => {
      const { filters, ...rest } = query;
      return bodyOf(
        await client.GET('/plaques/featured', { params: { query: { ...rest, ...(filters && { filters: JSON.stringify(filters) }) } } }),
      );
    },
    getPlaque: async (plaqueId: number | string) => bodyOf(await client.GET('/plaques/{id}', { params: { path: { id: id(plaqueId) } } })),
    /** Whether a plaque can be sold now, and why not. */
    lookup: async (plaqueId: number | string) =>
      bodyOf(await client.GET('/partner/plaques/{id}/lookup', { params: { path: { id: id(plaqueId) } } })),
    owner: async (plaqueId: number | string) =>
      bodyOf(await client.GET('/partner/plaques/{id}/owner', { params: { path: { id: id(plaqueId) } } })),
    /** Holds a plaque for the buyer for 10 minutes. */
    prepare: async (plaqueId: number | string, body: { buyerWallet: string }, call: { idempotencyKey?: string } = {}) =>
      bodyOf(
        await client.POST('/partner/plaques/{id}/prepare', {
          params: { path: { id: id(plaqueId) }, header: idempotency(call.idempotencyKey) },
          body,
        }),
      ),
    /** Buys a held plaque: give the same idempotencyKey to retry a buy whose answer was lost. */
    buy: async (plaqueId: number | string, body: { reservationId: string; buyerWallet: string }, call: { idempotencyKey?: string } = {}) =>
      bodyOf(
        await client.POST('/partner/plaques/{id}/buy', {
          params: { path: { id: id(plaqueId) }, header: idempotency(call.idempotencyKey) },
          body,
        }),
      ),
    /** Ends a hold now. */
    release: async (reservationId: string) => {
      bodyOf(await client.DELETE('/partner/reservations/{reservationId}', { params: { path: { reservationId } } }));
    },
    order: async (orderId: string) => bodyOf(await client.GET('/partner/orders/{orderId}', { params: { path: { orderId } } })),
  });
}

export type PlaqueClient = ReturnType<typeof createPlaqueClient>;
