// One plaque as anyone may see it, by id or by name: the record every listing answers (presentPlaque), whatever its
// status and whether featured; a deleted plaque is not found.
import { notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { presentPlaque, type Plaque, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';

function shown(ctx: AppContext, plaque: StoredPlaque | null, which: string): Plaque {
  if (!plaque || plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${which} does not exist`);
  return presentPlaque(plaque, ctx.now(), stageValuesOf(ctx));
}

/** The plaque with this id (one GetItem); 404 PLAQUE_NOT_FOUND when there is none or it is deleted. */
export const getPlaque = async (ctx: AppContext, id: number): Promise<Plaque> =>
  shown(ctx, await plaqueRepo(dbOf(ctx), ctx.tableName).get(id), String(id));

/** The plaque with this name, given upper-case (its name claim, then the plaque: two GetItems); 404 like getPlaque. */
export const getPlaqueByName = async (ctx: AppContext, name: string): Promise<Plaque> =>
  shown(ctx, await plaqueRepo(dbOf(ctx), ctx.tableName).getByName(name), name);
