// Which browser origins may read the API's answers: the stage's partner dashboard and the frontends its configuration
// names (infra/stages.ts `frontendOrigins`), handed to every function as CORS_ALLOW_ORIGINS; locally the origins set
// in CORS_ALLOW_ORIGINS (none by default: the dashboard shares the local server's origin). The same list answers
// preflights: API Gateway's OPTIONS methods in AWS, the local server locally.
import { coreConfig } from '#lib/config.ts';

/** Request headers a browser may send: the ones the operations read. */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Authorization', 'X-Api-Key', 'Idempotency-Key', 'X-Request-Id'];

/** Response headers a page may read besides the simple ones. */
const EXPOSED_HEADERS = 'x-request-id, retry-after';

/** How long a browser may keep a preflight's answer (seconds). */
export const PREFLIGHT_MAX_AGE_SECONDS = 3600;

/** `https://a.example, https://b.example` → the list; blanks dropped. */
const originsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

let allowed: string[] | undefined;
const allowedOrigins = (): string[] => (allowed ??= originsOf(coreConfig().CORS_ALLOW_ORIGINS));

/**
 * The CORS headers of an answer to a request from `origin`: the origin itself when it is allowed, so its page can read
 * the answer, refusals included. Where several origins are allowed the answer varies by Origin; a request from no
 * listed origin gets the first (the dashboard's), which its browser does not match. None where no origin is allowed.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const origins = allowedOrigins();
  if (origins.length === 0) return {};
  const chosen = origin !== undefined && origins.includes(origin) ? origin : origins[0]!;
  return {
    'access-control-allow-origin': chosen,
    'access-control-expose-headers': EXPOSED_HEADERS,
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
