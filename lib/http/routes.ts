// The operation manifest: the list of every operation's declaration (lib/http/operations/<area>.ts: route, auth and
// principal, access, docs, request and response schemas in one object), the functions no route leads to, the route
// matcher and the function manifest. The CDK stack, the local server, the OpenAPI generator and the bench all read it;
// no handler imports it (its bundle would carry every operation's documentation and schemas): handlers name their
// operation and the manifest is checked against it at compile time (`httpHandler` in lib/http/handler.ts).
import { combinedAccess, type FunctionAccess } from '#lib/http/function-access.ts';
import type { HttpMethod, Operation } from '#lib/http/operation.ts';
import { serviceOperations } from '#lib/http/operations/service.ts';
import { plaqueOperations } from '#lib/http/operations/plaques.ts';
import { accountsOperations } from '#lib/http/operations/accounts.ts';
import { partnerOperations } from '#lib/http/operations/partner.ts';
import { webhookOperations } from '#lib/http/operations/webhooks.ts';
import { holdOperations } from '#lib/http/operations/holds.ts';
import { keyOperations } from '#lib/http/operations/keys.ts';
import { tokenOperations } from '#lib/http/operations/tokens.ts';
import { eventOperations } from '#lib/http/operations/events.ts';

/** One operation of the manifest, as the stack, the local server and the generator read it. */
export type Route = Operation;

/** A function that serves no route: what starts it, and what it may touch. */
interface BackgroundFunction {
  readonly handler: string;
  readonly trigger: 'authorizer' | 'table-stream' | 'schedule' | 'queue';
  readonly description: string;
  readonly access: FunctionAccess;
}

export const routes = [
  ...plaqueOperations,
  ...serviceOperations,
  ...accountsOperations,
  ...partnerOperations,
  ...webhookOperations,
  ...holdOperations,
  ...keyOperations,
  ...tokenOperations,
  ...eventOperations,
] as const satisfies readonly Route[];

/** An operation id of the manifest. */
export type OperationId = (typeof routes)[number]['operationId'];
/** The principal an operation's handler is given. */
export type PrincipalOf<Op extends OperationId> = Extract<(typeof routes)[number], { operationId: Op }>['principal'];
/** The key scope an `apiKey` operation needs: `read` where declared so, `sell` otherwise; none for other operations. */
export type KeyScopeOf<Op extends OperationId> =
  Extract<(typeof routes)[number], { operationId: Op }> extends infer R
    ? R extends { auth: 'apiKey' }
      ? R extends { keyScope: infer S }
        ? S
        : 'sell'
      : never
    : never;
/** Whether an operation honours `Idempotency-Key` through the shared mechanism. */
export type IdempotencyOf<Op extends OperationId> =
  Extract<(typeof routes)[number], { operationId: Op }> extends { idempotency: infer I } ? I : never;

/** The REST API's TOKEN authorizer, run before every `jwt` route. */
export const AUTHORIZER_HANDLER = 'functions/auth/authorizer.ts';

/** The worker that mints sold plaques, fed by the table's stream (not an HTTP route). */
export const DELIVERY_WORKER_HANDLER = 'functions/delivery/deliver-order.ts';

/** Checks deliveries against the chain and hands on what no worker looks at, on a schedule (not an HTTP route). */
export const DELIVERY_RECONCILER_HANDLER = 'functions/delivery/reconcile-deliveries.ts';

/** Rewrites the listing's catalogue snapshot, on a schedule (not an HTTP route). */
export const CATALOG_SNAPSHOT_HANDLER = 'functions/plaques/write-catalog-snapshot.ts';

/** Makes order events for partners' webhooks, fed by the table's stream (not an HTTP route). */
export const ORDER_EVENTS_HANDLER = 'functions/webhooks/order-events.ts';

/** Sends webhook events to partners' endpoints, fed by the wake-up queue (not an HTTP route). */
export const WEBHOOK_SENDER_HANDLER = 'functions/webhooks/send-webhooks.ts';

/** Mails requested sign-in codes (and creates the users of new addresses), fed by the table's stream (not an HTTP route). */
export const CODE_MAIL_HANDLER = 'functions/auth/send-code-mail.ts';

/** Disables the API Gateway keys of rolled partner keys whose window has ended, on a schedule (not an HTTP route). */
export const KEY_DISABLER_HANDLER = 'functions/keys/disable-ended-keys.ts';

/** The functions no route leads to. */
const backgroundFunctions = [
  {
    handler: AUTHORIZER_HANDLER,
    trigger: 'authorizer',
    description: 'Verifies bearer JWTs for every jwt route',
    // Verifies tokens with the public keys of the JWT secret; deliberately no table access (it runs on every
    // uncached jwt request, so it must stay small and fast; resolving the user checks the token version).
    access: { jwtKeys: true, memorySize: 256, timeoutSeconds: 5 },
  },
  {
    handler: CODE_MAIL_HANDLER,
    trigger: 'table-stream',
    description: 'Mails requested sign-in codes, creating the users of new addresses',
    // Creates the user of a new address (its service wallet address from the HD mnemonic), opens the sealed code with
    // the code-hash key of the JWT key set, sends the mail and marks it sent; the stream read permission comes with its
    // event source.
    access: { table: 'readWrite', walletMnemonic: true, jwtKeys: true, sendsMail: true, timeoutSeconds: 30 },
  },
  {
    handler: DELIVERY_WORKER_HANDLER,
    trigger: 'table-stream',
    description: 'Mints sold orders to their buyer wallets',
    // Mints sold plaques and records the outcome; the stream read permission comes with its event source.
    access: { table: 'readWrite', chain: true, chainSigner: true, timeoutSeconds: 120 },
  },
  {
    handler: DELIVERY_RECONCILER_HANDLER,
    trigger: 'schedule',
    description: 'Reconciles deliveries with the chain, hands on stopped and dead-lettered orders',
    // Reads the chain (receipts, balances, the confirmed block) but never signs: a mint gone from the chain goes back
    // to the worker; hands on the worker's dead letters. Its stream reads are granted with its schedule
    // (infra/delivery-reconciler.ts).
    access: { table: 'readWrite', chain: true, readsDeliveryDeadLetters: true, timeoutSeconds: 120 },
  },
  {
    handler: CATALOG_SNAPSHOT_HANDLER,
    trigger: 'schedule',
    description: 'Rewrites the listing catalogue snapshot when enough changed',
    // Loads the snapshot, reads the index rows changed since, encodes and stores a new one: the index twice in memory
    // at worst.
    access: { table: 'read', catalogSnapshot: 'write', memorySize: 1024, timeoutSeconds: 120 },
  },
  {
    handler: ORDER_EVENTS_HANDLER,
    trigger: 'table-stream',
    description: 'Makes the webhook events of order moves',
    // Stores each event (the order as partners see it, its transaction linked to the explorer) with its deliveries and
    // wakes the sender; the stream read permission comes with its event source.
    access: { table: 'readWrite', webhookQueue: true, linksExplorer: true, timeoutSeconds: 60 },
  },
  {
    handler: WEBHOOK_SENDER_HANDLER,
    trigger: 'queue',
    description: "Sends webhook events to partners' endpoints",
    // Opens endpoint secrets, sends (15 s a try, lanes side by side), records attempts and wakes itself for retries; the
    // queue read permission comes with its event source.
    access: { table: 'readWrite', webhookQueue: true, webhookSecrets: 'open', timeoutSeconds: 120 },
  },
  {
    handler: KEY_DISABLER_HANDLER,
    trigger: 'schedule',
    description: 'Disables the API Gateway keys of rolled partner keys whose window has ended',
    // Reads the ends of rolled keys' windows and forgets each once its key is disabled (UpdateApiKey).
    access: { table: 'readWrite', apiKeys: 'disable', timeoutSeconds: 60 },
  },
] as const satisfies readonly BackgroundFunction[];

/** Request content types API Gateway passes to Lambda base64-encoded. */
export const BINARY_MEDIA_TYPES = ['multipart/form-data'] as const;

/** Lambda's synchronous request payload limit: the whole event, body base64-encoded where binary. */
export const MAX_EVENT_BYTES = 6 * 1024 * 1024;

/** Request line plus headers (16 KiB): beyond it the local server answers 431 REQUEST_HEADERS_TOO_LARGE, as the OpenAPI document states. */
export const MAX_HEADER_BYTES = 16 * 1024;

export type RouteMatch =
  | { kind: 'found'; route: Route; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: HttpMethod[] }
  | { kind: 'not-found' };

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names };
});

/** Finds the route for a request path (already stripped of its query string). */
export function matchRoute(method: string, path: string): RouteMatch {
  const allow: HttpMethod[] = [];
  for (const { route, pattern, names } of compiled) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (route.method !== method.toUpperCase()) {
      if (!allow.includes(route.method)) allow.push(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = match[i + 1]!;
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // API Gateway passes an undecodable segment through as it came.
      }
      pathParameters[name] = value;
    });
    return { kind: 'found', route, pathParameters };
  }
  return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
}

/** The distinct handler modules of the routes: one Lambda function each. */
export const handlerModules = (): string[] => [...new Set(routes.map((r) => r.handler))];

/** Every function of the service, with what it may touch: one per route handler module, plus the background ones. */
export function functionManifest(): { handler: string; access: FunctionAccess; routes: Route[] }[] {
  const byHandler = new Map<string, Route[]>();
  for (const route of routes as readonly Route[]) byHandler.set(route.handler, [...(byHandler.get(route.handler) ?? []), route]);
  return [
    ...[...byHandler].map(([handler, served]) => ({ handler, access: combinedAccess(served.map((r) => r.access)), routes: served })),
    ...backgroundFunctions.map((fn) => ({ handler: fn.handler, access: fn.access, routes: [] })),
  ];
}
