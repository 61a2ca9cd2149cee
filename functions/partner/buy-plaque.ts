// partner/buy-plaque: not built yet.
import { notImplemented } from '#lib/http/not-implemented.ts';

export const handler = notImplemented('partner/buy-plaque');
