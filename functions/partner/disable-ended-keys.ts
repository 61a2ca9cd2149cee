// Retires, on a schedule, the rolled partner keys whose window has ended (not an HTTP route): each gives up its place
// among its owner's active keys and its API Gateway key is deleted; the functions refuse such a key from its
// `expiresAt` on, and API Gateway then stops admitting it at all.
import { logger } from '#lib/runtime/logger.ts';
import { retireEndedKeys } from '#lib/partner/api-keys.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (): Promise<{ retired: number }> => {
  const retired = await retireEndedKeys(appContext());
  if (retired > 0) logger.info('ended API keys retired', { retired });
  return { retired };
};
