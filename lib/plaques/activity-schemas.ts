// Request shapes of the activity lists (GET /plaques/{id}/activity, GET /activity), as zod schemas: they validate the
// query and generate the OpenAPI document.
import * as z from 'zod/mini';
import { ACTIVITY_TYPES } from '#lib/plaques/activity-types.ts';

/** Entries per page: at most, and when not asked. */
export const MAX_ACTIVITY_LIMIT = 100;
export const DEFAULT_ACTIVITY_LIMIT = 20;

const limit = z._default(z.int().check(z.minimum(1), z.maximum(MAX_ACTIVITY_LIMIT)), DEFAULT_ACTIVITY_LIMIT);
const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(512)));

export const plaqueActivityQuery = z.object({ limit, cursor });
export const catalogueActivityQuery = z.object({ type: z.enum(ACTIVITY_TYPES), limit, cursor });

export type PlaqueActivityQuery = z.infer<typeof plaqueActivityQuery>;
export type CatalogueActivityQuery = z.infer<typeof catalogueActivityQuery>;
