// The route table: every operation of the API, read by the CDK stack and by the local server alike.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `none`: public; `jwt`: the TOKEN authorizer runs first; `apiKey`: API Gateway requires `x-api-key`. */
export type AuthKind = 'none' | 'jwt' | 'apiKey';

export interface Route {
  method: HttpMethod;
  /** API Gateway resource path; `{name}` marks a path parameter. */
  path: string;
  /** Handler module relative to the project root; it exports `handler`. One Lambda function per module. */
  handler: string;
  auth: AuthKind;
  operationId: string;
}

// prettier-ignore
export const routes: readonly Route[] = [
  { method: 'GET',    path: '/plaques/featured',                     handler: 'functions/plaques/list-featured.ts',      auth: 'none',   operationId: 'listFeaturedPlaques' },
  { method: 'POST',   path: '/plaques/featured',                     handler: 'functions/plaques/list-featured.ts',      auth: 'none',   operationId: 'searchFeaturedPlaques' },
  { method: 'GET',    path: '/openapi.json',                         handler: 'functions/system/openapi.ts',             auth: 'none',   operationId: 'getOpenApiDocument' },
  { method: 'POST',   path: '/auth/email-verification-code',         handler: 'functions/auth/request-code.ts',          auth: 'none',   operationId: 'requestEmailVerificationCode' },
  { method: 'GET',    path: '/auth/evaluate-email-verification-code', handler: 'functions/auth/verify-email.ts',         auth: 'none',   operationId: 'evaluateEmailVerificationCode' },
  { method: 'POST',   path: '/auth/evaluate-email-verification-code', handler: 'functions/auth/verify-email.ts',         auth: 'none',   operationId: 'evaluateEmailVerificationCodePost' },
  { method: 'POST',   path: '/auth/login',                           handler: 'functions/auth/login.ts',                 auth: 'none',   operationId: 'login' },
  { method: 'GET',    path: '/auth/profile',                         handler: 'functions/auth/get-profile.ts',           auth: 'jwt',    operationId: 'getProfile' },
  { method: 'POST',   path: '/auth/profile',                         handler: 'functions/auth/update-profile.ts',        auth: 'jwt',    operationId: 'updateProfile' },
  { method: 'GET',    path: '/.well-known/jwks.json',                handler: 'functions/auth/jwks.ts',                  auth: 'none',   operationId: 'getJwks' },
  { method: 'POST',   path: '/partner/api-keys',                     handler: 'functions/partner/create-api-key.ts',     auth: 'jwt',    operationId: 'createApiKey' },
  { method: 'DELETE', path: '/partner/api-keys/{id}',                handler: 'functions/partner/revoke-api-key.ts',     auth: 'jwt',    operationId: 'revokeApiKey' },
  { method: 'GET',    path: '/partner/plaques/{id}/lookup',          handler: 'functions/partner/lookup-plaque.ts',      auth: 'apiKey', operationId: 'lookupPlaque' },
  { method: 'POST',   path: '/partner/plaques/{id}/prepare',         handler: 'functions/partner/prepare-plaque.ts',     auth: 'apiKey', operationId: 'preparePlaque' },
  { method: 'GET',    path: '/partner/plaques/{id}/owner',           handler: 'functions/partner/get-owner.ts',          auth: 'apiKey', operationId: 'getPlaqueOwner' },
  { method: 'POST',   path: '/partner/plaques/{id}/buy',             handler: 'functions/partner/buy-plaque.ts',         auth: 'apiKey', operationId: 'buyPlaque' },
  { method: 'GET',    path: '/partner/orders/{orderId}',             handler: 'functions/partner/get-order.ts',          auth: 'apiKey', operationId: 'getOrder' },
];

/** The REST API's TOKEN authorizer, run before every `jwt` route. */
export const AUTHORIZER_HANDLER = 'functions/auth/authorizer.ts';

/** Request content types API Gateway passes to Lambda base64-encoded. */
export const BINARY_MEDIA_TYPES = ['multipart/form-data'] as const;

/** Lambda's synchronous request payload limit: the whole event, body base64-encoded where binary. */
export const MAX_EVENT_BYTES = 6 * 1024 * 1024;

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

/** The distinct handler modules: one Lambda function each. */
export const handlerModules = (): string[] => [...new Set(routes.map((r) => r.handler))];

/** The worker that mints sold plaques, fed by the table's stream (not an HTTP route). */
export const DELIVERY_WORKER_HANDLER = 'functions/delivery/deliver-order.ts';
