// A plaque's activity and the catalogue's activity of one type, newest first, page by page with an opaque cursor bound
// to its plaque or type. Entries are written by the changes they record (activity-record.ts), never derived later.
import { notFound, validationFailed } from '#lib/errors.ts';
import { decodeCursor, encodeCursor } from '#lib/validation.ts';
import { dbOf } from '#lib/db/client.ts';
import { activityRepo, type ActivityPosition } from '#lib/db/activity-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import type { ActivityEntry } from '#lib/plaques/activity-record.ts';
import { ACTIVITY_TYPES, type ActivityType } from '#lib/plaques/activity-types.ts';
import type { CatalogueActivityQuery, PlaqueActivityQuery } from '#lib/plaques/activity-schemas.ts';
import type { catalogueActivityPageSchema, plaqueActivityPageSchema } from '#lib/plaques/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { Shape } from '#lib/schema.ts';

export type PlaqueActivityPage = Shape<typeof plaqueActivityPageSchema>;
export type CatalogueActivityPage = Shape<typeof catalogueActivityPageSchema>;

const CURSOR_POSITION = new RegExp(
  `^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z)#([1-9][0-9]{0,14})#(${ACTIVITY_TYPES.join('|')})$`,
);

/** The opaque cursor of a position: base64url of `<at>#<plaque id>#<type>`. */
const encodeActivityCursor = (position: ActivityPosition): string => encodeCursor([position.at, String(position.plaqueId), position.type]);

/** The position a cursor names; 400 VALIDATION_FAILED naming `cursor` when this service could not have issued it for this list. */
function decodeActivityCursor(cursor: string, belongs: (position: ActivityPosition) => boolean): ActivityPosition {
  const [at, plaqueId, type] = decodeCursor(cursor, CURSOR_POSITION);
  const position = { at: at!, plaqueId: Number(plaqueId), type: type as ActivityType };
  if (!belongs(position)) throw validationFailed([{ path: 'cursor', message: 'belongs to another list' }]);
  return position;
}

const shown = ({ type, price, currency, txHash, at }: ActivityEntry) => ({ type, price, currency, txHash, at });

/**
 * The plaque's activity, newest first: one Query of its activity partition, beside one GetItem of the plaque (404
 * PLAQUE_NOT_FOUND when there is none or it is deleted, as GET /plaques/{id}).
 */
export async function plaqueActivity(ctx: AppContext, plaqueId: number, input: PlaqueActivityQuery): Promise<PlaqueActivityPage> {
  const after = input.cursor === undefined ? null : decodeActivityCursor(input.cursor, (p) => p.plaqueId === plaqueId);
  const [plaque, page] = await Promise.all([
    plaqueRepo(dbOf(ctx), ctx.tableName).get(plaqueId),
    activityRepo(dbOf(ctx), ctx.tableName).pageByPlaque(plaqueId, { limit: input.limit, after }),
  ]);
  if (!plaque || plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${plaqueId} does not exist`);
  return { activity: page.entries.map(shown), nextCursor: page.next && encodeActivityCursor(page.next) };
}

/** The catalogue's activity of one type, newest first: one Query of that type's index partition. */
export async function catalogueActivity(ctx: AppContext, input: CatalogueActivityQuery): Promise<CatalogueActivityPage> {
  const after = input.cursor === undefined ? null : decodeActivityCursor(input.cursor, (p) => p.type === input.type);
  const page = await activityRepo(dbOf(ctx), ctx.tableName).pageByType(input.type, { limit: input.limit, after });
  return {
    activity: page.entries.map((entry) => ({ ...shown(entry), plaqueId: entry.plaqueId, plaqueName: entry.plaqueName })),
    nextCursor: page.next && encodeActivityCursor(page.next),
  };
}
