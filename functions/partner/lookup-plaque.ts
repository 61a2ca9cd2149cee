// partner/lookup-plaque: not built yet.
import { notImplemented } from '#lib/http/not-implemented.ts';

export const handler = notImplemented('partner/lookup-plaque');
