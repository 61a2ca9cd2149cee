// GET /plaques/stats: plaques per status, and the floor and volume per currency, from the listing's in-memory catalogue.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { getPlaqueStats } from '#lib/http/operations/plaques/get-plaque-stats.ts';
import { featuredCatalog } from '#lib/plaques/featured-catalog.ts';

export const handler = httpHandler(getPlaqueStats, async ({ ctx }) => ok(await featuredCatalog(ctx).stats()));
