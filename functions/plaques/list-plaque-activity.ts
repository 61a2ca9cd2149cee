// GET /plaques/{id}/activity: what happened to one plaque (sales, mints, cancels, price changes, listings), newest first.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { listPlaqueActivity } from '#lib/http/operations/plaques/list-plaque-activity.ts';
import { plaqueActivity } from '#lib/plaques/activity.ts';

export const handler = httpHandler(listPlaqueActivity, async ({ input, ctx }) => ok(await plaqueActivity(ctx, input.id, input)));
