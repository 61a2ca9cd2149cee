// API Gateway's own error answers (auth, keys, throttling, unknown routes) rewritten in the API's problem+json shape.
//
// Gateway response templates are not run through VTL: they can substitute `$context` variables but not
// branch, so every response type that matters gets its own fixed status and code here, and the two
// DEFAULT_* entries catch the rest with a fixed status.
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { NO_SNIFF, PROBLEM_CONTENT_TYPE, problemType } from '#lib/http/problem.ts';
import { rateLimitPolicyHeader, spentQuotaHeader } from '#lib/http/rate-limit.ts';
import type { StageConfig } from './stages.ts';

interface GatewayProblem {
  type: apigateway.ResponseType;
  status: number;
  code: string;
  title: string;
  detail: string;
  /** Extra response headers, as API Gateway mapping values (static values in single quotes). */
  headers?: Record<string, string>;
}

/** Seconds a client over its quota is told to wait: a hint, the quota itself resets at the period's start (UTC). */
const quotaRetryAfter: Record<apigateway.Period, number> = {
  [apigateway.Period.DAY]: 3600,
  [apigateway.Period.WEEK]: 6 * 3600,
  [apigateway.Period.MONTH]: 24 * 3600,
};

/** Header values as API Gateway mapping values: static text in single quotes (which the values never hold). */
const gatewayValues = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, `'${value}'`]));

function gatewayProblems(stage: StageConfig): GatewayProblem[] {
  const { ResponseType: T } = apigateway;
  const forbidden = { status: 403, code: 'FORBIDDEN', title: 'Forbidden' };
  const notFound = { status: 404, code: 'NOT_FOUND', title: 'Not found', detail: 'no such route' };
  const unauthorized = {
    status: 401,
    code: 'UNAUTHORIZED',
    title: 'Unauthorized',
    detail: 'a valid bearer token is required',
  };
  return [
    // The authorizer threw "Unauthorized": the token is missing, malformed, expired or wrongly signed.
    { type: T.UNAUTHORIZED, ...unauthorized },
    // The authorizer answered Deny, which it does only for tokens it refuses: the contract calls that 401.
    { type: T.ACCESS_DENIED, ...unauthorized },
    // API Gateway's answer for a path (or a method) it has no route for.
    { type: T.MISSING_AUTHENTICATION_TOKEN, ...notFound },
    { type: T.RESOURCE_NOT_FOUND, ...notFound },
    // Missing or unknown `x-api-key` on a partner route.
    { type: T.INVALID_API_KEY, ...forbidden, detail: 'a valid x-api-key header is required' },
    { type: T.WAF_FILTERED, ...forbidden, detail: 'the request was refused by the firewall' },
    {
      type: T.THROTTLED,
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      title: 'Too many requests',
      detail: 'request rate limit exceeded',
      headers: { 'Retry-After': "'1'" },
    },
    {
      type: T.QUOTA_EXCEEDED,
      status: 429,
      code: 'QUOTA_EXCEEDED',
      title: 'Too many requests',
      detail: `the API key's quota of ${stage.throttle.quota.limit} requests per ${stage.throttle.quota.period.toLowerCase()} is used up`,
      // The key's RateLimit fields, as the functions answer them (lib/http/rate-limit.ts): the policy, and nothing left;
      // a fixed answer cannot count the seconds to the reset, so RateLimit names none.
      headers: {
        'Retry-After': `'${quotaRetryAfter[stage.throttle.quota.period]}'`,
        ...gatewayValues({ ...rateLimitPolicyHeader(stage.throttle.quota.limit), ...spentQuotaHeader() }),
      },
    },
    {
      type: T.REQUEST_TOO_LARGE,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      title: 'Payload too large',
      detail: 'the request is larger than the API accepts',
    },
    {
      type: T.UNSUPPORTED_MEDIA_TYPE,
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      title: 'Unsupported media type',
      detail: 'the request content type is not accepted',
    },
    {
      type: T.INTEGRATION_TIMEOUT,
      status: 504,
      code: 'TIMEOUT',
      title: 'Gateway timeout',
      detail: 'the operation did not finish in time; it may still complete',
    },
    {
      type: T.DEFAULT_4XX,
      status: 400,
      code: 'BAD_REQUEST',
      title: 'Bad request',
      detail: 'the request was refused by the gateway ($context.error.responseType)',
    },
    {
      type: T.DEFAULT_5XX,
      status: 500,
      code: 'INTERNAL',
      title: 'Internal error',
      detail: 'An unexpected error occurred',
    },
  ];
}

/** The response body template: a problem document with API Gateway's request id substituted in. */
function problemTemplate(problem: GatewayProblem): string {
  return JSON.stringify({
    type: problemType(problem.code),
    title: problem.title,
    status: problem.status,
    code: problem.code,
    detail: problem.detail,
    requestId: '$context.requestId',
  });
}

/**
 * CORS headers on gateway responses: any page may read them. They carry no data of anyone's, and a page of any origin
 * reading a public route (token and collection metadata, lib/http/cors.ts) must be able to read why it was refused
 * (throttled, say); a gateway response is one per API, not per route. No credential is involved (the API reads no
 * cookie), so `*` serves the dashboard and the frontends as well.
 */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': "'*'",
  'Access-Control-Expose-Headers': "'x-request-id,retry-after,ratelimit-policy,ratelimit'",
};

export function addProblemResponses(api: apigateway.RestApi, stage: StageConfig): void {
  for (const problem of gatewayProblems(stage)) {
    api.addGatewayResponse(`Problem${problem.type.responseType}`, {
      type: problem.type,
      statusCode: String(problem.status),
      responseHeaders: {
        'Content-Type': `'${PROBLEM_CONTENT_TYPE}'`,
        'X-Content-Type-Options': `'${NO_SNIFF['x-content-type-options']}'`,
        'x-request-id': 'context.requestId',
        ...CORS_HEADERS,
        ...problem.headers,
      },
      templates: { 'application/json': problemTemplate(problem) },
    });
  }
}
