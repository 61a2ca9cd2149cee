// The signed-in user of a `jwt` route, as the TOKEN authorizer put it into the request context.
import { unauthorized } from '#lib/errors.ts';
import type { RequestView } from '#lib/http/handler.ts';

export function signedInUserId(request: RequestView): number {
  const id = Number(request.event.requestContext?.authorizer?.userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized('UNAUTHORIZED', 'a valid bearer token is required');
  return id;
}
