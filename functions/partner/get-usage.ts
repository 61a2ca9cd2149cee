// GET /partner/usage: requests per API key of the signed-in partner and UTC day, over the last `days` days, and the
// quota every key has (RateLimit-Policy), so the dashboard shows each key's current window.
import { httpHandler } from '#lib/http/handler.ts';
import { rateLimitPolicyHeader } from '#lib/http/rate-limit.ts';
import { ok } from '#lib/http/response.ts';
import { getUsage } from '#lib/http/operations/partner/get-usage.ts';
import { keyQuotaOf } from '#lib/partner/key-quota.ts';
import { keyUsage } from '#lib/partner/usage.ts';

export const handler = httpHandler(getUsage, async ({ input, principal, ctx }) =>
  ok(await keyUsage(ctx, principal.id, input.days), rateLimitPolicyHeader(keyQuotaOf(ctx))),
);
