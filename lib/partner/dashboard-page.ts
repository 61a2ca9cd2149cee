// The partner dashboard as a web page of the service: where it is served, and the security headers it is served with
// (by the local server, and by the stage's CloudFront distribution), so both send the same policy.

/** The page's path on the local server and on the stage's distribution. */
export const DASHBOARD_PATH = '/dashboard/';

/**
 * A strict Content-Security-Policy: scripts, styles, images and fonts only from the page's own origin (no inline
 * script or style, no eval), API calls only to `apiOrigin` (besides the page's origin, which serves config.json), no
 * framing, no plugins, no form posts elsewhere.
 */
export function dashboardContentSecurityPolicy(apiOrigin: string | null): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers every file of the page is sent with, besides its type and caching. */
export const dashboardSecurityHeaders = (apiOrigin: string | null): Record<string, string> => ({
  'content-security-policy': dashboardContentSecurityPolicy(apiOrigin),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
});

/** The page's settings for a stage: the API it calls (config.json beside the page). */
export const dashboardConfig = (apiUrl: string): { apiUrl: string } => ({ apiUrl });
