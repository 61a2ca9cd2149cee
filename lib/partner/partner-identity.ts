// Who is calling a partner route: the partner behind the API key API Gateway (or the local server) accepted,
// re-checked here because usage-plan enforcement is best-effort and revocation must hold from the next request; and
// where the key's last use is recorded, the same way in AWS and locally.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { forbidden } from '#lib/errors.ts';
import { activeApiKey, recordKeyUse } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface Partner {
  /** The account that owns the key: holds, orders and idempotency keys belong to it, whichever of its keys is used. */
  partnerId: number;
  apiKeyId: string;
}

/** The calling partner; 403 FORBIDDEN (as API Gateway answers) when the key is missing, unknown or revoked. */
export async function requirePartner(ctx: AppContext, event: Pick<APIGatewayProxyEvent, 'requestContext'>): Promise<Partner> {
  const apiKeyId = event.requestContext?.identity?.apiKeyId;
  if (!apiKeyId) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
  const record = await activeApiKey(ctx, apiKeyId);
  if (!record) throw forbidden('FORBIDDEN', 'a valid x-api-key header is required');
  await recordKeyUse(ctx, record);
  return { partnerId: record.userId, apiKeyId };
}
