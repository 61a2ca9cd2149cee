// The operation manifest: every operation's declaration, read from lib/http/operations/<area>/<name>.ts (route, auth,
// access, docs, request and response schemas in one object) and served by functions/<area>/<name>.ts; the functions no
// route leads to; the route matcher and the function manifest. The CDK stack, the local server, the OpenAPI generator
// and the bench all read it. No handler imports it (its bundle would carry every operation's documentation and
// schemas): a handler imports its own declaration.
import { readdirSync } from 'node:fs';
import { combinedAccess, type FunctionAccess } from '#lib/http/function-access.ts';
import type { HttpMethod, Operation } from '#lib/http/operation.ts';
import type { Component, ComponentRef } from '#lib/schema.ts';

/** One operation of the manifest, as the stack, the local server and the generator read it: its declaration and handler. */
export type Route = Operation & {
  /** Handler module relative to the project root; it exports `handler`. One Lambda function per module. */
  readonly handler: string;
  /** The path as the document and clients write it (the declaration's), where `path` is the API Gateway resource. */
  readonly documentedPath: string;
};

/** The API Gateway resource of a declared path: a parameter's segment whole (`/tokens/{id}.json` → `/tokens/{id}`). */
const resourcePathOf = (path: string): string => path.replace(/\{(\w+)\}[^/{}]+/g, '{$1}');

/** A function that serves no route: what starts it, and what it may touch. */
interface BackgroundFunction {
  readonly handler: string;
  readonly trigger: 'authorizer' | 'table-stream' | 'schedule' | 'queue';
  readonly description: string;
  readonly access: FunctionAccess;
}

const OPERATIONS = new URL('./operations/', import.meta.url);

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value && 'path' in value;

/**
 * The declarations of every area, in the order of the folders and files that hold them. A module that declares
 * operations is served by the handler module of the same area and name; one that declares none holds what its area's
 * declarations share (their rules, their tag).
 */
async function readDeclarations(): Promise<Route[]> {
  const found: Route[] = [];
  const areas = readdirSync(OPERATIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const area of areas.map((entry) => entry.name).sort()) {
    for (const file of readdirSync(new URL(`${area}/`, OPERATIONS))
      .filter((name) => name.endsWith('.ts'))
      .sort()) {
      const module = (await import(new URL(`${area}/${file}`, OPERATIONS).href)) as Record<string, unknown>;
      for (const declared of Object.values(module).filter(isOperation))
        found.push({
          ...declared,
          path: resourcePathOf(declared.path),
          documentedPath: declared.path,
          handler: `functions/${area}/${file}`,
        });
    }
  }
  return found;
}

export const routes: readonly Route[] = await readDeclarations();

const LIB = new URL('../', import.meta.url);

/** Every shape of the `lib/<area>/response-schemas.ts` modules, by id. */
async function readComponents(): Promise<Map<string, Component>> {
  const found = new Map<string, Component>();
  const areas = readdirSync(LIB, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const area of areas.map((entry) => entry.name).sort()) {
    if (!readdirSync(new URL(`${area}/`, LIB)).includes('response-schemas.ts')) continue;
    const module = (await import(new URL(`${area}/response-schemas.ts`, LIB).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const shape = value as Partial<Component>;
      if (typeof shape?.id !== 'string' || typeof shape.schema !== 'function') continue;
      if (found.has(shape.id) && found.get(shape.id) !== shape) throw new Error(`two shapes are named ${shape.id}`);
      found.set(shape.id, shape as Component);
    }
  }
  return found;
}

const components = await readComponents();

/** The component a declaration names (lib/schema.ts `shapeNamed`): its answer's or its form's shape. */
export function componentOf(reference: ComponentRef): Component {
  const component = components.get(reference.id);
  if (!component) throw new Error(`no response-schemas module of lib/ has a shape named ${reference.id}`);
  return component;
}

// A declaration that names a shape no module holds is found here, when the manifest loads.
for (const route of routes) {
  for (const response of Object.values(route.responses)) if (response.schema) componentOf(response.schema);
  if (route.request?.body?.contentType === 'multipart/form-data') componentOf(route.request.body.schema);
}

/** The REST API's TOKEN authorizer, run before every `jwt` route. */
export const AUTHORIZER_HANDLER = 'functions/auth/authorizer.ts';

/** The sender that puts sold plaques into mint batches and sends them, fed by the table's stream (not an HTTP route). */
export const DELIVERY_WORKER_HANDLER = 'functions/delivery/deliver-order.ts';

/** Follows the mint batches in flight until they are mined and recorded, woken by its queue (not an HTTP route). */
export const MINT_FOLLOWER_HANDLER = 'functions/delivery/follow-mints.ts';

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

/** Retires rolled partner keys whose window has ended (their place, their API Gateway key), on a schedule (not an HTTP route). */
export const KEY_DISABLER_HANDLER = 'functions/partner/disable-ended-keys.ts';

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
    description: 'Sends sold orders to their buyer wallets, many to a mint transaction',
    // Draws a nonce, stores the batch with its signed transaction and its orders' move to MINTING, broadcasts it and
    // wakes the follower; never waits for a block. The stream read permission comes with its event source.
    access: { table: 'readWrite', chain: true, chainSigner: true, wakesMintFollower: true, timeoutSeconds: 120 },
  },
  {
    handler: MINT_FOLLOWER_HANDLER,
    trigger: 'queue',
    description: 'Follows mint batches in flight until they are mined and recorded',
    // Reads receipts and records the orders of mined batches; broadcasts pending ones again, replaces underpriced ones
    // and holds empty nonces (so it signs); wakes itself a block later for what is still in flight. The queue read
    // permission comes with its event source.
    access: { table: 'readWrite', chain: true, chainSigner: true, wakesMintFollower: true, timeoutSeconds: 120 },
  },
  {
    handler: DELIVERY_RECONCILER_HANDLER,
    trigger: 'schedule',
    description: 'Reconciles deliveries with the chain, hands on stopped and dead-lettered orders',
    // Reads the chain (receipts, balances, the confirmed block) but never signs: a mint gone from the chain goes back
    // to the worker; hands on the worker's dead letters. Its stream reads are granted with its schedule
    // (infra/delivery-reconciler.ts).
    access: { table: 'readWrite', chain: true, readsDeliveryDeadLetters: true, wakesMintFollower: true, timeoutSeconds: 120 },
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
    description: 'Retires rolled partner keys whose window has ended and deletes their API Gateway keys',
    // Reads the ends of rolled keys' windows, gives up each key's place in its owner's count, deletes its API Gateway
    // key (DeleteApiKey: an ended key no longer counts against the account's keys) and forgets the end.
    access: { table: 'readWrite', apiKeys: 'revoke', timeoutSeconds: 60 },
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

/** One resource path of the API and the operations on it. */
interface Resource {
  path: string;
  pattern: RegExp;
  names: string[];
  operations: Route[];
}

/** A fixed segment ranks before a parameter at the same place, so `/plaques/featured` is chosen over `/plaques/{id}`. */
const specificity = (path: string): string =>
  path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '1' : '0'))
    .join('');

const resources: Resource[] = [...new Set(routes.map((route) => route.path))]
  .sort((a, b) => specificity(a).localeCompare(specificity(b)) || a.localeCompare(b))
  .map((path) => {
    const names: string[] = [];
    const source = path
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
    return { path, pattern: new RegExp(`^${source}/?$`), names, operations: routes.filter((route) => route.path === path) };
  });

/**
 * Finds the route for a request path (already stripped of its query string) as API Gateway does: the most specific
 * resource that matches the path (fixed segments before parameters), then the method on it; a resource without that
 * method answers 405 with its own methods.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  for (const { pattern, names, operations } of resources) {
    const match = pattern.exec(path);
    if (!match) continue;
    const route = operations.find((candidate) => candidate.method === method.toUpperCase());
    if (!route) return { kind: 'method-not-allowed', allow: [...new Set(operations.map((candidate) => candidate.method))] };
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
  return { kind: 'not-found' };
}

/** The distinct handler modules of the routes: one Lambda function each. */
export const handlerModules = (): string[] => [...new Set(routes.map((r) => r.handler))];

/** Every function of the service, with what it may touch: one per route handler module, plus the background ones. */
export function functionManifest(): { handler: string; access: FunctionAccess; routes: Route[] }[] {
  const byHandler = new Map<string, Route[]>();
  for (const route of routes) byHandler.set(route.handler, [...(byHandler.get(route.handler) ?? []), route]);
  return [
    ...[...byHandler].map(([handler, served]) => ({
      handler,
      // A function whose requests are counted against the key's quota must know it (lib/http/principals.ts, `meter`).
      access: combinedAccess([...served.map((r) => r.access), ...(served.some((r) => r.auth.meter) ? [{ keyQuota: true as const }] : [])]),
      routes: served,
    })),
    ...backgroundFunctions.map((fn) => ({ handler: fn.handler, access: fn.access, routes: [] })),
  ];
}
