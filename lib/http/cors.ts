// Which browser origins may read the API's answers: the stage's partner dashboard and the frontends its configuration
// names (infra/stages.ts `frontendOrigins`), handed to every function as CORS_ALLOW_ORIGINS; locally the origins set
// in CORS_ALLOW_ORIGINS (none by default: the dashboard shares the local server's origin). The same list answers
// preflights: API Gateway's OPTIONS methods in AWS, the local server locally. Public reads that need no credentials
// (the operations declaring `anyOrigin`: token and collection metadata; the media) answer any origin, as do the
// refusals the gateway gives itself (they carry no data of anyone's): a wallet's or a marketplace's page reads them.
import { coreConfig } from '#lib/config.ts';
import type { Operation } from '#lib/http/operation.ts';

/** Request headers a browser may send: the ones the operations read. */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Authorization', 'X-Api-Key', 'Idempotency-Key', 'X-Request-Id', 'Plaque-Version'];

/** Response headers a page may read besides the simple ones: a partner key's window (lib/http/rate-limit.ts) and the API
 * version answered in (lib/http/api-version.ts) among them. */
const EXPOSED_HEADERS = 'x-request-id, retry-after, ratelimit-policy, ratelimit, plaque-version';
/** And to the stage's own pages: a file answer's next part and its name (the statement's CSV, for the dashboard). */
const EXPOSED_TO_ALLOWED_ORIGINS = `${EXPOSED_HEADERS}, link, content-disposition`;

/** How long a browser may keep a preflight's answer (seconds). */
export const PREFLIGHT_MAX_AGE_SECONDS = 3600;

/** `https://a.example, https://b.example` → the list; blanks dropped. */
const originsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

/** The headers of an answer any page may read: a public read's, and a refusal the gateway gives itself. */
export const ANY_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

/** Whether the operation is a public read any page may read (it declares `anyOrigin`). */
export const readableByAnyOrigin = (operation: Operation): boolean => operation.auth.kind === 'none' && operation.anyOrigin === true;

/** Methods a public read answers, its preflight's included. */
export const ANY_ORIGIN_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** The answer to a preflight for a public read, whatever the origin: no credential is involved, so `*` serves. */
export function anyOriginPreflightHeaders(): Record<string, string> {
  return {
    ...ANY_ORIGIN_HEADERS,
    'access-control-allow-methods': ANY_ORIGIN_METHODS.join(', '),
    'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}

let allowed: string[] | undefined;
const allowedOrigins = (): string[] => (allowed ??= originsOf(coreConfig().CORS_ALLOW_ORIGINS));

/**
 * The CORS headers of an answer to a request from `origin`: the origin itself when it is allowed, so its page can read
 * the answer, refusals included. Where several origins are allowed the answer varies by Origin; a request from no
 * listed origin gets the first (the dashboard's), which its browser does not match. None where no origin is allowed;
 * `*` where `*` is.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const origins = allowedOrigins();
  if (origins.length === 0) return {};
  // A function whose operations are public reads is given `*` (infra/plaque-api-stack.ts).
  if (origins.includes('*')) return { ...ANY_ORIGIN_HEADERS };
  const chosen = origin !== undefined && origins.includes(origin) ? origin : origins[0]!;
  return {
    'access-control-allow-origin': chosen,
    'access-control-expose-headers': EXPOSED_TO_ALLOWED_ORIGINS,
    ...(origins.length > 1 && { vary: 'Origin' }),
  };
}

/**
 * The answer to a preflight (OPTIONS with Origin and Access-Control-Request-Method) for a path served with `methods`:
 * its headers when the origin is allowed, else null (the browser then refuses the call).
 */
export function preflightHeaders(origin: string | undefined, methods: readonly string[]): Record<string, string> | null {
  if (origin === undefined || !allowedOrigins().includes(origin)) return null;
  return {
    ...corsHeaders(origin),
    'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
    'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    vary: 'Origin',
  };
}
