// GET /activity: the catalogue's activity of one type, newest first, each entry naming its plaque.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listActivity } from '#lib/http/operations/plaques/list-activity.ts';
import { catalogueActivity } from '#lib/plaques/activity.ts';

export const handler = httpHandler(listActivity, async ({ input, ctx }) => ok(await catalogueActivity(ctx, input)));
