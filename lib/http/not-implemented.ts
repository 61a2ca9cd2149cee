// Placeholder for operations whose handler is not built yet: answers 501 in the problem shape.
import { AppError } from '#lib/errors.ts';
import { httpHandler } from '#lib/http/handler.ts';

export const notImplemented = (operation: string) =>
  httpHandler({ body: 'raw' }, async () => {
    throw new AppError({ status: 501, code: 'NOT_IMPLEMENTED', title: 'Not implemented', detail: `${operation} is not available yet` });
  });
