// Who is calling a partner route: the partner behind the API key API Gateway (or the local server) accepted,
// re-checked here because usage-plan enforcement is best-effort and revocation must hold from the next request.
import { forbidden } from '#lib/errors.ts';
import type { PrincipalResolver, RequestView } from '#lib/http/handler.ts';
import { activeApiKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface Partner {
  /** The account that owns the key: holds, orders and idempotency keys belong to it, whichever of its keys is used. */
  partnerId: number;
  apiKeyId: string;
}

/** The calling partner; 403 FORBIDDEN (as API Gateway answers) when the key is missing, unknown or revoked. */
export async function requirePartner(ctx: AppContext, request: RequestView): Promise<Partner> {
  const apiKeyId = request.event.requestContext?.identity?.apiKeyId;
  if (!apiKeyId) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
  const record = await activeApiKey(ctx, apiKeyId);
  if (!record) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
  return { partnerId: record.userId, apiKeyId };
}

/** The principal of `apiKey` operations: `httpHandler` resolves it before the handler runs. */
export const apiKeyPartner: PrincipalResolver<'partner', Partner> = requirePartner;
