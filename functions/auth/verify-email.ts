// auth/verify-email: not built yet.
import { notImplemented } from '#lib/http/not-implemented.ts';

export const handler = notImplemented('auth/verify-email');
