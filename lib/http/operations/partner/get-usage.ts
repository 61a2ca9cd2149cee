// The declaration of getUsage: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageInput } from '#lib/partner/usage-schemas.ts';
import { dashboardRules, partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { usageReportSchema } from '#lib/partner/response-schemas.ts';

export const getUsage = operation({
  method: 'GET',
  path: '/partner/usage',
  operationId: 'getUsage',
  auth: signedInUser,
  // The keys from the table, their requests from the usage plan (GetUsage) in AWS; the keys' quota, to tell it.
  access: { table: 'read', readsKeyUsage: true, keyQuota: true },
  summary: "Requests per day of the signed-in partner's API keys",
  description: [
    dashboardRules,
    `\`days\`: 1–${MAX_USAGE_DAYS}, default ${DEFAULT_USAGE_DAYS}. The window is the \`days\` UTC days ending today: \`from\` is its first day, \`to\` today (\`YYYY-MM-DD\`). Other query parameters are ignored.`,
    '`keys` holds every key of the caller that was active on some day of the window (made by its end, not revoked before its start), newest first, each with every day of the window, oldest first, and the requests that presented the key on that day (0 when none).',
    "In AWS the counts are the stage's usage plan's (API Gateway's GetUsage; API Gateway reports them with a delay and no longer reports a revoked key, nor a rolled key whose window ended: both are deleted there); " +
      "locally the count each request adds to its key's daily quota (the same count the RateLimit headers tell). Both count every request that presented the active key, whatever the operation answered, up to the quota. " +
      'When API Gateway cannot answer (throttled or failing): 503 USAGE_UNAVAILABLE with Retry-After.',
    'Header `RateLimit-Policy` names the quota of every key (`"daily";q=<requests per UTC day>;w=86400`, as the key\'s own answers do; ' +
      "this answer is not counted against it): with today's count in `keys`, a key's current window is its quota less that count, " +
      'until 00:00 UTC. The body keeps the shape the contract gives it; the dashboard reads the window so.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { query: usageInput },
  // The caller holds a key, so its requests are counted.
  example: example(['apiKeyId'], () => ({ query: { days: 3 } })),
  responses: {
    200: {
      description: 'Requests per key and day',
      schema: shapeNamed<typeof usageReportSchema>('UsageReport'),
      headers: ['RateLimit-Policy'],
    },
  },
  errors: { 503: ['USAGE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'] },
});
