// Disables, on a schedule, the API Gateway keys of rolled partner keys whose window has ended (not an HTTP route): the
// functions refuse such a key from its `expiresAt` on, and API Gateway then stops admitting it at all.
import { logger } from '#lib/runtime/logger.ts';
import { disableEndedKeys } from '#lib/partner/api-keys.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (): Promise<{ disabled: number }> => {
  const disabled = await disableEndedKeys(appContext());
  if (disabled > 0) logger.info('ended API keys disabled', { disabled });
  return { disabled };
};
