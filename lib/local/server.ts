// The local server: serves the route table over HTTP by building API Gateway REST proxy (v1) events, running the
// same authorizer and API-key check as AWS, and answering what API Gateway answers itself (404/405/413/431, 401/403);
// and what the stage's buckets serve: images at /_media/ and the partner dashboard at /dashboard/.
import { ANY_ORIGIN_HEADERS, anyOriginPreflightHeaders, preflightHeaders, readableByAnyOrigin } from '#lib/http/cors.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayTokenAuthorizerEvent,
  Context,
} from 'aws-lambda';
import {
  AppError,
  badRequest,
  forbidden,
  internalError,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
} from '#lib/errors.ts';
import { localConfig } from '#lib/config.ts';
import { asAppError, NO_SNIFF, problemDocument, PROBLEM_CONTENT_TYPE } from '#lib/http/problem.ts';
import { logger } from '#lib/runtime/logger.ts';
import {
  AUTHORIZER_HANDLER,
  BINARY_MEDIA_TYPES,
  MAX_EVENT_BYTES,
  MAX_HEADER_BYTES,
  matchRoute,
  type Route,
  type RouteMatch,
} from '#lib/http/routes.ts';
import { checkKeyQuota, resolveApiKey } from '#lib/local/api-key-check.ts';
import { signInLimiter, SIGN_IN_ROUTE_PATHS, type SignInLimiter } from '#lib/local/sign-in-limiter.ts';
import { useAppContext, type AppContext } from '#lib/runtime/context.ts';
import { jwtKeysOf } from '#lib/auth/key-generation.ts';
import { useJwtKeyStore } from '#lib/auth/key-store.ts';
import { notifyResponse, type ObservedResponse } from '#lib/local/response-observer.ts';
import { noteActivity } from '#lib/local/idle-pace.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { installStaticMedia } from '#lib/media/static-media.ts';
import { mediaContentType, MEDIA_SECURITY_HEADERS } from '#lib/media/serving-headers.ts';
import { DASHBOARD_DIST } from '#lib/local/dashboard-build.ts';
import { dashboardConfig, dashboardSecurityHeaders, DASHBOARD_PATH } from '#lib/partner/dashboard-page.ts';

const STAGE = 'local';
const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type AuthorizerHandler = (event: APIGatewayTokenAuthorizerEvent, context: Context) => Promise<APIGatewayAuthorizerResult>;

export interface LocalServer {
  url: string;
  port: number;
  server: Server;
  close: () => Promise<void>;
}

export interface LocalServerOptions {
  ctx: AppContext;
  port?: number;
  host?: string;
  /** The built partner dashboard, served at /dashboard/ (web/dist unless given). */
  dashboardDir?: string;
  /** Sign-in requests one client may send in 5 minutes (SIGN_IN_REQUESTS_PER_5_MINUTES unless given). */
  signInRequestsPer5Minutes?: number;
}

const modules = new Map<string, Promise<Record<string, unknown>>>();
function loadModule(path: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(path);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(PROJECT_ROOT, path)).href) as Promise<Record<string, unknown>>;
    modules.set(path, loaded);
  }
  return loaded;
}

function lambdaContext(functionName: string, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Methods that write nothing a poller of the runtime waits for. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an operation writes nothing a poller of the runtime waits for, whatever its method: it reads the table at
 * most, queues no webhook wake-up and signs nothing on the chain (POST /plaques/featured, the listing's JSON-body twin).
 */
const readsOnly = (access: FunctionAccess): boolean => access.table !== 'readWrite' && !access.webhookQueue && !access.chainSigner;

/** Where the answer came from, for the response observer; `readsOnly` once the request reached such an operation. */
type Answered = Pick<ObservedResponse, 'method' | 'path' | 'route'> & { readsOnly?: boolean };

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer, answered: Answered): void {
  res.writeHead(status, headers);
  res.end(body);
  const { readsOnly: onlyRead, ...seen } = answered;
  // A write may have made work for the runtime's pollers (a stream record, a queued wake-up): they look now.
  if (!READS.has(answered.method) && !onlyRead) noteActivity();
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
  notifyResponse({ ...seen, status, headers: lowerCased, body });
}

/** A refusal the server gives itself, as API Gateway's gateway responses: any page may read it (lib/http/cors.ts). */
function sendProblem(res: ServerResponse, error: AppError, requestId: string, answered: Answered): void {
  const body = Buffer.from(JSON.stringify(problemDocument(error, requestId)));
  const headers = { ...error.headers, ...ANY_ORIGIN_HEADERS, ...NO_SNIFF, 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId };
  send(res, error.status, headers, body, answered);
}

/**
 * The line for an answer the server gives itself. The answers API Gateway gives itself (400, 404, 405, 413, 431,
 * 401/403 from the authorizer or key check) never reach a handler, whose stack logs every other request: the server
 * logs them in the same shape.
 */
function logRefusal(problem: AppError, { requestId, method, path, startedAt }: Omit<Reading, 'answered'>): void {
  logger.info('request refused', {
    requestId,
    method,
    path,
    status: problem.status,
    code: problem.code,
    durationMs: Date.now() - startedAt,
  });
}

const headersTooLarge = (): AppError =>
  new AppError({
    status: 431,
    code: 'REQUEST_HEADERS_TOO_LARGE',
    title: 'Request header fields too large',
    detail: `the request line and headers are limited to ${MAX_HEADER_BYTES} bytes`,
  });

/** A request whose body the server is still reading, as its log line and answer name it. */
interface Reading {
  requestId: string;
  method: string;
  path: string;
  startedAt: number;
  /** Set once the connection's parser refused the body and the socket answered for the request. */
  answered: boolean;
}

/** Per connection, the request whose body is being read: a parse error in that body is this request's answer. */
const reading = new WeakMap<Socket, Reading>();

/**
 * Answers at the socket what the parser refuses: a malformed or oversized request head, for which no request object
 * exists, or a body that is malformed or breaks off, which is answered and logged as the request it belongs to.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    // Nobody is left to answer; a request whose body broke off logs its own line (handle).
    socket.destroy();
    return;
  }
  const request = reading.get(socket);
  if (request) request.answered = true;
  const requestId = request?.requestId ?? randomUUID();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const problem = tooLarge
    ? headersTooLarge()
    : new AppError({ status: 400, code: 'MALFORMED_REQUEST', title: 'Bad request', detail: 'the HTTP request is malformed' });
  const body = JSON.stringify(problemDocument(problem, requestId));
  notifyResponse({
    method: request?.method ?? '',
    ...(request && { path: request.path }),
    status: problem.status,
    headers: { ...NO_SNIFF, 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId },
    body: Buffer.from(body),
  });
  if (request) logRefusal(problem, request);
  // Without a request object, the status, code and id are all the line can tell.
  else logger.info('request refused', { status: problem.status, code: problem.code, requestId });
  socket.end(
    `HTTP/1.1 ${problem.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: ${PROBLEM_CONTENT_TYPE}\r\nx-content-type-options: nosniff\r\nx-request-id: ${requestId}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

const isBinary = (contentType: string | undefined): boolean =>
  contentType !== undefined && BINARY_MEDIA_TYPES.some((type) => contentType.toLowerCase().startsWith(type));

/**
 * Reads the body, giving up as soon as it cannot fit in a Lambda event. A body that breaks off or that the parser
 * refuses (a malformed chunk) is the client's: 400 MALFORMED_REQUEST.
 */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_EVENT_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw badRequest('MALFORMED_REQUEST', 'the request body is malformed or ended before its declared length', { cause: error });
  }
  return Buffer.concat(chunks);
}

/**
 * The request head's size as the client sent it: the request line, each header as `name: value` with its line end,
 * and the blank line after them. Node keeps the head's bytes as latin1 text, so a string's length is its size in bytes.
 * (Node's own limit counts only the target, names and values, so two thousand short headers would pass it.)
 */
function headBytes(req: IncomingMessage): number {
  let size = `${req.method ?? ''} ${req.url ?? ''} HTTP/${req.httpVersion}\r\n\r\n`.length;
  for (let i = 0; i < req.rawHeaders.length; i += 2) size += req.rawHeaders[i]!.length + ': '.length + req.rawHeaders[i + 1]!.length + 2;
  return size;
}

/**
 * An empty object without a prototype: request data is keyed by names the client chose, and `constructor`,
 * `__proto__` or `toString` must be names like any other, not the members every object inherits.
 */
const byName = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

function multiValueHeaders(req: IncomingMessage): Record<string, string[]> {
  const out = byName<string[]>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    (out[name] ??= []).push(req.rawHeaders[i + 1]!);
  }
  return out;
}

function lastValues(multi: Record<string, string[]>): Record<string, string> {
  const out = byName<string>();
  for (const [name, values] of Object.entries(multi)) out[name] = values[values.length - 1]!;
  return out;
}

interface EventParts {
  req: IncomingMessage;
  route: Route;
  path: string;
  rawQuery: string;
  pathParameters: Record<string, string>;
  body: Buffer;
  requestId: string;
  authorizer: Record<string, unknown> | null;
  apiKeyId: string | null;
}

/** The API Gateway REST proxy event (payload v1) for a request, as AWS would deliver it. */
function buildProxyEvent(parts: EventParts): APIGatewayProxyEvent {
  const { req, route, path, rawQuery, body, requestId } = parts;
  const multiHeaders = multiValueHeaders(req);
  const multiQuery = byName<string[]>();
  for (const [name, value] of new URLSearchParams(rawQuery)) (multiQuery[name] ??= []).push(value);
  const hasQuery = Object.keys(multiQuery).length > 0;
  const binary = isBinary(req.headers['content-type']);
  const now = Date.now();
  return {
    resource: route.path,
    path,
    httpMethod: route.method,
    headers: lastValues(multiHeaders),
    multiValueHeaders: multiHeaders,
    queryStringParameters: hasQuery ? lastValues(multiQuery) : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(parts.pathParameters).length > 0 ? parts.pathParameters : null,
    stageVariables: null,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: parts.authorizer,
      domainName: req.headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      extendedRequestId: requestId,
      httpMethod: route.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: parts.apiKeyId === null ? null : (req.headers['x-api-key'] as string),
        apiKeyId: parts.apiKeyId,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        user: null,
        userAgent: req.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: `/${STAGE}${path}`,
      protocol: `HTTP/${req.httpVersion}`,
      requestId,
      requestTime: new Date(now).toUTCString(),
      requestTimeEpoch: now,
      resourceId: 'local',
      resourcePath: route.path,
      stage: STAGE,
    },
    body: body.length === 0 ? null : binary ? body.toString('base64') : body.toString('utf8'),
    isBase64Encoded: body.length > 0 && binary,
  };
}

/** Runs the TOKEN authorizer as API Gateway does: no header → 401 without calling it; "Unauthorized" → 401; Deny → 403. */
async function authorize(req: IncomingMessage, route: Route, requestId: string): Promise<Record<string, unknown>> {
  const token = req.headers.authorization;
  if (!token) throw unauthorized('UNAUTHORIZED', 'a bearer token is required');
  const { handler } = (await loadModule(AUTHORIZER_HANDLER)) as { handler: AuthorizerHandler };
  let result: APIGatewayAuthorizerResult;
  try {
    result = await handler(
      {
        type: 'TOKEN',
        authorizationToken: token,
        methodArn: `arn:aws:execute-api:local:000000000000:local/${STAGE}/${route.method}${route.path}`,
      },
      lambdaContext('authorizer', requestId),
    );
  } catch {
    throw unauthorized('UNAUTHORIZED', 'the bearer token is missing, malformed, expired or not valid');
  }
  const allowed = result.policyDocument.Statement.some((s) => s.Effect === 'Allow');
  if (!allowed) throw forbidden('FORBIDDEN', 'not allowed to call this operation');
  return { ...result.context, principalId: result.principalId };
}

/** The file under `root` a request path names, with its size; null when the path leads outside or to no file. */
function fileUnder(root: string, encoded: string): { file: string; size: number } | null {
  try {
    const file = resolve(root, decodeURIComponent(encoded));
    if (!file.startsWith(root + sep)) return null;
    const stat = statSync(file);
    return stat.isFile() ? { file, size: stat.size } : null;
  } catch {
    return null;
  }
}

/** Sends a file's headers, and its bytes unless the request is a HEAD. */
function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string | number>): void {
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** The media bucket: GET and HEAD of a stored image. */
function serveMedia(req: IncomingMessage, res: ServerResponse, ctx: AppContext, path: string, requestId: string): void {
  const found = fileUnder(resolve(ctx.dataDir, 'media'), path.slice('/_media/'.length));
  if (!found) throw notFound('NOT_FOUND', 'no such media');
  sendFile(req, res, found.file, {
    ...MEDIA_SECURITY_HEADERS,
    // Public images: a wallet's or a marketplace's page may read them (the media distribution answers the same).
    ...ANY_ORIGIN_HEADERS,
    'content-type': mediaContentType(extname(found.file)),
    'content-length': found.size,
    'x-request-id': requestId,
    'cache-control': 'public, max-age=300',
  });
}

const DASHBOARD_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The partner dashboard, as the stage's CloudFront distribution serves it: the built files (hashed assets cached for
 * good, the page itself revalidated), `config.json` naming this server as the API (same origin), and every answer
 * with the page's Content-Security-Policy.
 */
function serveDashboard(req: IncomingMessage, res: ServerResponse, dir: string, path: string, requestId: string): void {
  if (path === DASHBOARD_PATH.slice(0, -1)) {
    res.writeHead(308, { location: DASHBOARD_PATH, 'x-request-id': requestId });
    res.end();
    return;
  }
  const headers = { ...dashboardSecurityHeaders(null), 'x-request-id': requestId };
  const head = req.method === 'HEAD';
  if (path === `${DASHBOARD_PATH}config.json`) {
    const body = Buffer.from(JSON.stringify(dashboardConfig('/')));
    res.writeHead(200, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-cache', 'content-length': body.length });
    res.end(head ? undefined : body);
    return;
  }
  const root = resolve(dir);
  const relative = path.slice(DASHBOARD_PATH.length) || 'index.html';
  const found = fileUnder(root, relative);
  if (!found) {
    const missing = !existsSync(join(root, 'index.html'));
    throw notFound('NOT_FOUND', missing ? 'the dashboard is not built: npm start builds it' : `no such file: ${path}`);
  }
  sendFile(req, res, found.file, {
    ...headers,
    'content-type': DASHBOARD_TYPES[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': found.size,
    'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
}

/**
 * A CORS preflight, answered as API Gateway's OPTIONS methods do: 204 with the path's methods for an allowed origin, 204
 * without CORS headers for any other (its browser then refuses the call); an unknown path is 404 as for any method. A
 * public read's path (token metadata, the media) allows any origin.
 */
function preflight(res: ServerResponse, path: string, origin: string | undefined, requestId: string, answered: Answered): void {
  const read = matchRoute('GET', path);
  if (path.startsWith('/_media/') || (read.kind === 'found' && readableByAnyOrigin(read.route))) {
    return send(res, 204, { ...anyOriginPreflightHeaders(), 'x-request-id': requestId }, Buffer.alloc(0), answered);
  }
  const match = matchRoute('OPTIONS', path);
  if (match.kind !== 'method-not-allowed') {
    logger.info('request refused', { requestId, method: 'OPTIONS', path, status: 404, code: 'NOT_FOUND' });
    return sendProblem(res, notFound('NOT_FOUND', `no route for ${path}`), requestId, answered);
  }
  send(res, 204, { ...preflightHeaders(origin, match.allow), 'x-request-id': requestId }, Buffer.alloc(0), answered);
}

/**
 * The route of a request: a public read also answers HEAD as its GET (API Gateway's HEAD method on its path), and a
 * method its path does not have lists HEAD beside GET there.
 */
function routeOf(method: string, path: string): RouteMatch | { kind: 'method-not-allowed'; allow: string[] } {
  const match = matchRoute(method, path);
  if (match.kind !== 'method-not-allowed') return match;
  const read = matchRoute('GET', path);
  if (read.kind !== 'found' || !readableByAnyOrigin(read.route)) return match;
  return method === 'HEAD' ? read : { ...match, allow: [...match.allow, 'HEAD'] };
}

interface ServerParts {
  ctx: AppContext;
  dashboardDir: string;
  signIns: SignInLimiter;
}

async function handle(req: IncomingMessage, res: ServerResponse, { ctx, dashboardDir, signIns }: ServerParts): Promise<void> {
  const requestId = randomUUID();
  const startedAt = Date.now();
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const answered: Answered = { method: req.method ?? 'GET', path };
  const request: Reading = { requestId, method: answered.method, path, startedAt, answered: false };
  // The handlers name the origins CORS_ALLOW_ORIGINS names on their answers; the server's own refusals answer any
  // origin (sendProblem), as API Gateway's gateway responses do.
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  try {
    if (headBytes(req) > MAX_HEADER_BYTES) throw headersTooLarge();
    // Node answers a bare 400 itself unless told not to (requireHostHeader): the server answers it as a problem.
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      throw badRequest('MALFORMED_REQUEST', 'an HTTP/1.1 request must carry a Host header');
    }
    if (req.method === 'OPTIONS') return preflight(res, path, origin, requestId, answered);
    const readsFile = req.method === 'GET' || req.method === 'HEAD';
    const toDashboard = path === DASHBOARD_PATH.slice(0, -1) || path.startsWith(DASHBOARD_PATH);
    if (readsFile && (path.startsWith('/_media/') || toDashboard)) {
      if (toDashboard) serveDashboard(req, res, dashboardDir, path, requestId);
      else serveMedia(req, res, ctx, path, requestId);
      // The buckets' answers reach no handler, whose stack logs every request: the server logs them in its shape.
      logger.info('request', { requestId, method: req.method, path, status: res.statusCode, durationMs: Date.now() - startedAt });
      return;
    }

    const match = routeOf(req.method ?? 'GET', path);
    if (match.kind === 'not-found') throw notFound('NOT_FOUND', `no route for ${path}`);
    if (match.kind === 'method-not-allowed') throw methodNotAllowed(match.allow);
    const { route, pathParameters } = match;
    answered.route = { method: route.method, path: route.path };
    answered.readsOnly = readsOnly(route.access);
    // The firewall's sign-in rule, before anything is read: per client address, whatever the request holds.
    if (SIGN_IN_ROUTE_PATHS.includes(route.path)) {
      const retryAfter = signIns.admit(req.socket.remoteAddress ?? '', Date.now());
      if (retryAfter !== null) {
        throw tooManyRequests('TOO_MANY_REQUESTS', 'this client sent too many sign-in requests; slow down and try again later', retryAfter);
      }
    }

    reading.set(req.socket, request);
    const body = await readBody(req).finally(() => reading.delete(req.socket));
    if (body === null) throw payloadTooLarge(`requests are limited to ${MAX_EVENT_BYTES} bytes once encoded in the Lambda event`);

    let authorizer: Record<string, unknown> | null = null;
    let apiKeyId: string | null = null;
    if (route.auth.kind === 'jwt') authorizer = await authorize(req, route, requestId);
    if (route.auth.kind === 'apiKey') {
      const key = req.headers['x-api-key'];
      const presented = typeof key === 'string' && key.length > 0 ? await resolveApiKey(ctx, key) : null;
      if (presented === null) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
      apiKeyId = presented.id;
      await checkKeyQuota(ctx, presented);
    }

    const event = buildProxyEvent({ req, route, path, rawQuery, pathParameters, body, requestId, authorizer, apiKeyId });
    if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
      throw payloadTooLarge(`requests are limited to ${MAX_EVENT_BYTES} bytes once encoded in the Lambda event`);
    }
    const { handler } = (await loadModule(route.handler)) as { handler: ProxyHandler };
    const result = await handler(event, lambdaContext(route.operationId, requestId));
    const headers: Record<string, string | string[]> = { ...result.headers } as Record<string, string>;
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
    headers['x-request-id'] ??= requestId;
    // In AWS the function of a public read is configured with `*` (infra/plaque-api-stack.ts); here one process serves all.
    if (readableByAnyOrigin(route)) {
      Object.assign(headers, ANY_ORIGIN_HEADERS);
      delete headers['vary'];
    }
    send(res, result.statusCode, headers, Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'), answered);
  } catch (error) {
    // The parser refused the body, and the socket has answered and logged it as this request (answerClientError).
    if (request.answered) return;
    // What the server answers itself, and the table's failures in its own API-key check (busy → 503, as a handler would).
    const problem = asAppError(error);
    if (problem.status !== 500) {
      if (!req.complete) res.setHeader('connection', 'close');
      logRefusal(problem, request);
      return sendProblem(res, problem, requestId, answered);
    }
    // A failed integration: API Gateway's DEFAULT_5XX answer (infra/gateway-responses.ts) is a 500 INTERNAL problem;
    // never show the error itself.
    logger.error('local server failure', { requestId, method: req.method, path, status: 500, error: error as Error });
    sendProblem(res, internalError(error), requestId, answered);
  }
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const { ctx } = options;
  useAppContext(ctx);
  // The TOKEN authorizer reads no context (it must stay small): it verifies with the installed key store.
  useJwtKeyStore(jwtKeysOf(ctx));
  // What the stack uploads to the media bucket (the plaque placeholder image), served from /_media like uploads.
  await installStaticMedia(ctx.dataDir);
  const dashboardDir = options.dashboardDir ?? DASHBOARD_DIST;
  const signIns = signInLimiter(options.signInRequestsPer5Minutes ?? localConfig().SIGN_IN_REQUESTS_PER_5_MINUTES);
  const parts: ServerParts = { ctx, dashboardDir, signIns };
  // Node's own limits would answer for the server: its bare 400 to a request without Host, and its header count (about
  // a thousand, beyond which it drops headers, a Host among them). The head's size (headBytes) bounds the count instead.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false }, (req, res) => void handle(req, res, parts));
  server.maxHeadersCount = 0;
  // An idle kept-alive connection is kept longer than a client keeps it (undici: 4 s; API Gateway's edge far longer), so
  // the server never closes one just as a client sends on it (ECONNRESET, on a slow host within Node's default 5 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
