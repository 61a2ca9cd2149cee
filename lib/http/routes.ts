// The operation manifest: one entry per operation of the API, carrying everything about it as plain data — its
// route, how callers authenticate and who they are, what its function may touch, and its documentation. The CDK
// stack, the local server, the OpenAPI generator and the bench all read these entries; no handler imports this
// module (its bundle would carry every operation's documentation), handlers name their operation and the manifest
// is checked against it at compile time (`httpHandler` in lib/http/handler.ts).
import { combinedAccess, type FunctionAccess } from '#lib/http/function-access.ts';
import type { OperationDoc } from '#lib/http/operation-doc.ts';
import { serviceOperationDocs } from '#lib/http/docs/service.ts';
import { plaqueOperationDocs } from '#lib/http/docs/plaques.ts';
import { accountsOperationDocs } from '#lib/http/docs/accounts.ts';
import { partnerOperationDocs } from '#lib/http/docs/partner.ts';
import { webhookOperationDocs } from '#lib/http/docs/webhooks.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who the handler is told is calling: the signed-in user behind the JWT, the partner behind the API key, or nobody. */
export type PrincipalKind = 'none' | 'user' | 'partner';

/** Each auth kind resolves one principal. */
type RouteAuth = { auth: 'none'; principal: 'none' } | { auth: 'jwt'; principal: 'user' } | { auth: 'apiKey'; principal: 'partner' };

export type Route = RouteAuth & {
  readonly method: HttpMethod;
  /** API Gateway resource path; `{name}` marks a path parameter. */
  readonly path: string;
  readonly operationId: string;
  /** Handler module relative to the project root; it exports `handler`. One Lambda function per module. */
  readonly handler: string;
  /** What its function may touch; a function serving several operations gets what any of them needs. */
  readonly access: FunctionAccess;
  readonly docs: OperationDoc;
};

/** A function that serves no route: what starts it, and what it may touch. */
interface BackgroundFunction {
  readonly handler: string;
  readonly trigger: 'authorizer' | 'table-stream' | 'schedule' | 'queue';
  readonly description: string;
  readonly access: FunctionAccess;
}

// Holds the catalogue index in memory (about 96 bytes a plaque: 1 000 000 plaques ≈ 96 MB, plus the snapshot while it
// loads) and starts from the catalogue snapshot; 1024 MB also buys the CPU that loads a large snapshot quickly
// (docs/listing.md). A plaque stored by an earlier version may lack an image or a contract until
// `ops migrate` has run: it is shown with the stage's placeholder image (MEDIA_BASE_URL) and contract
// (CONTRACT_ADDRESS, named without a chain call).
const listing = {
  table: 'read',
  catalogSnapshot: 'read',
  memorySize: 1024,
  linksMedia: true,
  namesContract: true,
} as const satisfies FunctionAccess;
// Sign-up and sign-in in one: stores the code's hash (keyed with the code-hash key kept in the JWT key set) and the code
// sealed for its mail; the code mail sender creates the user and mails the code.
const requestCode = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
const verifyEmail = { table: 'readWrite', jwtKeys: true } as const satisfies FunctionAccess;
// Every API-key operation records the key's last use (at most once a minute) while resolving the partner.
const partnerCall = { table: 'readWrite' } as const satisfies FunctionAccess;

// prettier-ignore
export const routes = [
  {
    method: 'GET', path: '/plaques/featured', operationId: 'listFeaturedPlaques',
    handler: 'functions/plaques/list-featured.ts', auth: 'none', principal: 'none',
    access: listing,
    docs: plaqueOperationDocs.listFeaturedPlaques,
  },
  {
    method: 'POST', path: '/plaques/featured', operationId: 'searchFeaturedPlaques',
    handler: 'functions/plaques/list-featured.ts', auth: 'none', principal: 'none',
    access: listing,
    docs: plaqueOperationDocs.searchFeaturedPlaques,
  },
  {
    method: 'GET', path: '/openapi.json', operationId: 'getOpenApiDocument',
    handler: 'functions/system/openapi.ts', auth: 'none', principal: 'none',
    // Serves the document `npm run openapi` writes (lib/http/generated/openapi-document.ts): touches nothing.
    access: {},
    docs: serviceOperationDocs.getOpenApiDocument,
  },
  {
    method: 'POST', path: '/auth/email-verification-code', operationId: 'requestEmailVerificationCode',
    handler: 'functions/auth/request-code.ts', auth: 'none', principal: 'none',
    access: requestCode,
    docs: accountsOperationDocs.requestEmailVerificationCode,
  },
  {
    method: 'GET', path: '/auth/evaluate-email-verification-code', operationId: 'evaluateEmailVerificationCode',
    handler: 'functions/auth/verify-email.ts', auth: 'none', principal: 'none',
    access: verifyEmail,
    docs: accountsOperationDocs.evaluateEmailVerificationCode,
  },
  {
    method: 'POST', path: '/auth/evaluate-email-verification-code', operationId: 'evaluateEmailVerificationCodePost',
    handler: 'functions/auth/verify-email.ts', auth: 'none', principal: 'none',
    access: verifyEmail,
    docs: accountsOperationDocs.evaluateEmailVerificationCodePost,
  },
  {
    method: 'POST', path: '/auth/login', operationId: 'login',
    handler: 'functions/auth/login.ts', auth: 'none', principal: 'none',
    // Writes the failure counter that throttles password guessing.
    access: { table: 'readWrite', jwtKeys: true },
    docs: accountsOperationDocs.login,
  },
  {
    method: 'GET', path: '/auth/profile', operationId: 'getProfile',
    handler: 'functions/auth/get-profile.ts', auth: 'jwt', principal: 'user',
    // The authorizer verified the token already; resolving the user re-reads it and its token version.
    access: { table: 'read' },
    docs: accountsOperationDocs.getProfile,
  },
  {
    method: 'POST', path: '/auth/profile', operationId: 'updateProfile',
    handler: 'functions/auth/update-profile.ts', auth: 'jwt', principal: 'user',
    // Decoding and checking a 4 MiB image needs memory; a password change returns a fresh token.
    access: { table: 'readWrite', writesMedia: 'users/', jwtKeys: true, memorySize: 1024 },
    docs: accountsOperationDocs.updateProfile,
  },
  {
    method: 'GET', path: '/.well-known/jwks.json', operationId: 'getJwks',
    handler: 'functions/auth/jwks.ts', auth: 'none', principal: 'none',
    access: { jwtKeys: true },
    docs: accountsOperationDocs.getJwks,
  },
  {
    method: 'POST', path: '/partner/api-keys', operationId: 'createApiKey',
    handler: 'functions/partner/create-api-key.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite', apiKeys: 'create' },
    docs: partnerOperationDocs.createApiKey,
  },
  {
    method: 'GET', path: '/partner/api-keys', operationId: 'listApiKeys',
    handler: 'functions/partner/list-api-keys.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    docs: partnerOperationDocs.listApiKeys,
  },
  {
    method: 'DELETE', path: '/partner/api-keys/{id}', operationId: 'revokeApiKey',
    handler: 'functions/partner/revoke-api-key.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite', apiKeys: 'revoke' },
    docs: partnerOperationDocs.revokeApiKey,
  },
  {
    method: 'GET', path: '/partner/plaques/{id}/lookup', operationId: 'lookupPlaque',
    handler: 'functions/partner/lookup-plaque.ts', auth: 'apiKey', principal: 'partner',
    // `mintable` comes from simulating the mint on the chain.
    access: { ...partnerCall, chain: true },
    docs: partnerOperationDocs.lookupPlaque,
  },
  {
    method: 'POST', path: '/partner/plaques/{id}/prepare', operationId: 'preparePlaque',
    handler: 'functions/partner/prepare-plaque.ts', auth: 'apiKey', principal: 'partner',
    // The reservation names the contract and the token metadata (its image: the plaque's or the stage's placeholder);
    // the mint is simulated before holding.
    access: { table: 'readWrite', chain: true, linksMedia: true },
    docs: partnerOperationDocs.preparePlaque,
  },
  {
    method: 'GET', path: '/partner/plaques/{id}/owner', operationId: 'getPlaqueOwner',
    handler: 'functions/partner/get-owner.ts', auth: 'apiKey', principal: 'partner',
    access: partnerCall,
    docs: partnerOperationDocs.getPlaqueOwner,
  },
  {
    method: 'POST', path: '/partner/plaques/{id}/buy', operationId: 'buyPlaque',
    handler: 'functions/partner/buy-plaque.ts', auth: 'apiKey', principal: 'partner',
    // The order names the contract the token is minted on, but the sale calls no chain (the delivery worker mints);
    // the sold plaque's record and token metadata show the stage's placeholder image when it has none of its own.
    access: { table: 'readWrite', namesContract: true, linksMedia: true },
    docs: partnerOperationDocs.buyPlaque,
  },
  {
    method: 'GET', path: '/partner/usage', operationId: 'getUsage',
    handler: 'functions/partner/get-usage.ts', auth: 'jwt', principal: 'user',
    // The keys from the table, their requests from the usage plan (GetUsage) in AWS.
    access: { table: 'read', readsKeyUsage: true },
    docs: partnerOperationDocs.getUsage,
  },
  {
    method: 'GET', path: '/partner/orders', operationId: 'listOrders',
    handler: 'functions/partner/list-orders.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read', linksExplorer: true },
    docs: partnerOperationDocs.listOrders,
  },
  {
    method: 'GET', path: '/partner/orders/{orderId}', operationId: 'getOrder',
    handler: 'functions/partner/get-order.ts', auth: 'apiKey', principal: 'partner',
    access: { ...partnerCall, linksExplorer: true },
    docs: partnerOperationDocs.getOrder,
  },
  {
    method: 'POST', path: '/partner/webhooks', operationId: 'createWebhook',
    handler: 'functions/webhooks/create-webhook.ts', auth: 'jwt', principal: 'user',
    // Seals the new endpoint's secret with the stage's key; resolves the URL's host to check its addresses.
    access: { table: 'readWrite', webhookSecrets: 'seal' },
    docs: webhookOperationDocs.createWebhook,
  },
  {
    method: 'GET', path: '/partner/webhooks', operationId: 'listWebhooks',
    handler: 'functions/webhooks/list-webhooks.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    docs: webhookOperationDocs.listWebhooks,
  },
  {
    method: 'DELETE', path: '/partner/webhooks/{id}', operationId: 'deleteWebhook',
    handler: 'functions/webhooks/delete-webhook.ts', auth: 'jwt', principal: 'user',
    access: { table: 'readWrite' },
    docs: webhookOperationDocs.deleteWebhook,
  },
  {
    method: 'POST', path: '/partner/webhooks/{id}/test', operationId: 'sendWebhookTest',
    handler: 'functions/webhooks/test-webhook.ts', auth: 'jwt', principal: 'user',
    // Stores the test event and wakes the sender for it.
    access: { table: 'readWrite', webhookQueue: true },
    docs: webhookOperationDocs.sendWebhookTest,
  },
  {
    method: 'GET', path: '/partner/webhooks/{id}/deliveries', operationId: 'listWebhookDeliveries',
    handler: 'functions/webhooks/list-webhook-deliveries.ts', auth: 'jwt', principal: 'user',
    access: { table: 'read' },
    docs: webhookOperationDocs.listWebhookDeliveries,
  },
] as const satisfies readonly Route[];

/** An operation id of the manifest. */
export type OperationId = (typeof routes)[number]['operationId'];
/** The principal an operation's handler is given. */
export type PrincipalOf<Op extends OperationId> = Extract<(typeof routes)[number], { operationId: Op }>['principal'];

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
