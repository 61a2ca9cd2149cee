// partner/create-api-key: not built yet.
import { notImplemented } from '#lib/http/not-implemented.ts';

export const handler = notImplemented('partner/create-api-key');
