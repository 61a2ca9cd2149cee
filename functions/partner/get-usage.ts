// GET /partner/usage: requests per API key of the signed-in partner and UTC day, over the last `days` days.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { keyUsage } from '#lib/partner/usage.ts';
import { usageInput, usageQuery } from '#lib/partner/usage-schemas.ts';
import { signedInUser } from '#lib/http/principals.ts';

export const handler = httpHandler(
  {
    operation: 'getUsage',
    principal: signedInUser,
    body: 'none',
    input: { schema: usageInput, read: (request) => usageQuery(request.query) },
  },
  async ({ input, principal, ctx }) => ok(await keyUsage(ctx, principal.id, input.days)),
);
