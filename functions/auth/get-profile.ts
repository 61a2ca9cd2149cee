// auth/get-profile: not built yet.
import { notImplemented } from '#lib/http/not-implemented.ts';

export const handler = notImplemented('auth/get-profile');
