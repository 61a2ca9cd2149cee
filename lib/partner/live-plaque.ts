// The plaque a partner operation names by id: one that exists and is not deleted. Its own module, so the owner lookup
// reads a plaque without bundling the lookup's simulated mint (lib/partner/lookup.ts), which needs the chain.
import { notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** A plaque that exists and is not deleted; else 404 PLAQUE_NOT_FOUND. */
export async function livePlaque(ctx: AppContext, id: number): Promise<StoredPlaque> {
  const plaque = (await plaqueRepo(dbOf(ctx), ctx.tableName).getForSale(id))?.plaque;
  if (!plaque || plaque.deletedAt !== null) throw notFound('PLAQUE_NOT_FOUND', `plaque ${id} does not exist`);
  return plaque;
}
