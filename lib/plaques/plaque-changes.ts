// An operator's changes of a plaque that make activity: its price (and currency), and featuring it, which puts an
// AVAILABLE plaque on sale (a `listing`). Each change and its activity entry are written in one transaction,
// conditional on the plaque being as read; taking a plaque off the featured listing makes no entry.
import { conflict, notFound } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { activityRepo } from '#lib/db/activity-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { plaqueActivity } from '#lib/plaques/activity-record.ts';
import { effectiveStatus, type StoredPlaque } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

type Context = Pick<AppContext, 'db' | 'tableName' | 'now'>;

/** Times a change is tried again when the plaque changed between its read and its write. */
const CHANGE_ROUNDS = 4;

/** Strictly later than the version read, so the listing's change feed and the plaque's activity order never tie. */
const laterThan = (read: StoredPlaque, now: Date): string =>
  new Date(Math.max(now.getTime(), Date.parse(read.updatedAt) + 1)).toISOString();

const missing = (id: number) => notFound('PLAQUE_NOT_FOUND', `plaque ${id} does not exist`);

/**
 * Reads the plaque, lets `decide` say what it becomes (null: nothing to write, the plaque is answered as it is) and
 * which activity that makes, and writes both in one transaction; a plaque changed meanwhile is judged again.
 */
async function change(
  ctx: Context,
  id: number,
  decide: (read: StoredPlaque, updatedAt: string) => { changed: StoredPlaque; activity: 'price_change' | 'listing' | null } | null,
): Promise<StoredPlaque> {
  const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
  const activity = activityRepo(dbOf(ctx), ctx.tableName);
  let read = await plaques.get(id);
  for (let round = 0; round < CHANGE_ROUNDS; round++) {
    if (!read || read.deletedAt !== null) throw missing(id);
    const decided = decide(read, laterThan(read, ctx.now()));
    if (!decided) return read;
    const { changed } = decided;
    const outcome = await plaques.changeRecorded(
      read,
      changed,
      decided.activity ? [activity.item(plaqueActivity(decided.activity, changed))] : [],
    );
    if (outcome.kind === 'recorded') return changed;
    read = outcome.current;
  }
  throw conflict('CONFLICT', `plaque ${id} kept changing; try again`);
}

/**
 * Sets a plaque's price, and its currency when given (one of CURRENCIES, checked by the caller), recording a
 * `price_change`. Only while it is AVAILABLE or LOCKED: a SOLD or MINTED plaque's price is its sale's (the volume
 * statistics count it), 409 INVALID_STATE. The same price and currency again write nothing. 404 PLAQUE_NOT_FOUND.
 */
export function setPlaquePrice(ctx: Context, id: number, price: number, currency?: string): Promise<StoredPlaque> {
  return change(ctx, id, (read, updatedAt) => {
    if (read.status === 'SOLD' || read.status === 'MINTED') {
      throw conflict('INVALID_STATE', `plaque ${read.name} is ${read.status}: its price is its sale's`, {
        extensions: { status: read.status },
      });
    }
    if (read.price === price && read.currency === (currency ?? read.currency)) return null;
    return { changed: { ...read, price, currency: currency ?? read.currency, updatedAt }, activity: 'price_change' };
  });
}

/**
 * Features a plaque (stamping featuredAt) or takes it off the featured listing. Featuring a plaque that is not featured
 * and is AVAILABLE (an expired hold counts) puts it on sale: that records a `listing`. 404 PLAQUE_NOT_FOUND.
 */
export function setPlaqueFeatured(ctx: Context, id: number, featured: boolean): Promise<StoredPlaque> {
  return change(ctx, id, (read, updatedAt) => {
    const listing = featured && !read.featured && effectiveStatus(read, new Date(updatedAt)) === 'AVAILABLE';
    return {
      changed: { ...read, featured, featuredAt: featured ? updatedAt : null, updatedAt },
      activity: listing ? 'listing' : null,
    };
  });
}
