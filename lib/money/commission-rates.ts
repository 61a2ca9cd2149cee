// Which commission a sale takes: the partner's own rate when an operator set one (`npm run ops -- set-commission`), else
// the stage's default (infra/stages.ts `commissionBps`, COMMISSION_DEFAULT_BPS). A change applies to the sales read
// after it; each change is recorded with its time and the rate it replaced.
import { notFound, validationFailed } from '#lib/errors.ts';
import { moneyConfig } from '#lib/config.ts';
import { dbOf } from '#lib/db/client.ts';
import { commissionRepo, type CommissionRate } from '#lib/db/commission-repo.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { MAX_COMMISSION_BPS } from '#lib/money/commission.ts';
import type { AppContext } from '#lib/runtime/context.ts';

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** The stage's default commission (basis points); COMMISSION_DEFAULT_BPS when not given: use `commissionFor`. */
    commissionDefaultBps?: number;
  }
}

const defaultBpsOf = (ctx: Pick<AppContext, 'commissionDefaultBps'>): number =>
  ctx.commissionDefaultBps ?? moneyConfig().COMMISSION_DEFAULT_BPS;

/** The rate a sale of the partner's takes now, in basis points. */
export async function commissionFor(
  ctx: Pick<AppContext, 'db' | 'tableName' | 'commissionDefaultBps'>,
  partnerId: number,
): Promise<number> {
  const own = await commissionRepo(dbOf(ctx), ctx.tableName).get(partnerId);
  return own?.bps ?? defaultBpsOf(ctx);
}

export interface CommissionChange extends CommissionRate {
  partnerId: number;
  /** The partner's own rate sales took until now; null when they took the stage's default. */
  previousBps: number | null;
}

/**
 * Sets the partner's own rate from now on, recording the change with its time. 400 VALIDATION_FAILED naming `bps`
 * outside 0–10 000 or not whole; 404 PARTNER_NOT_FOUND for a user id no account has.
 */
export async function setCommission(ctx: AppContext, partnerId: number, bps: number): Promise<CommissionChange> {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_COMMISSION_BPS) {
    throw validationFailed([{ path: 'bps', message: `must be a whole number of basis points from 0 to ${MAX_COMMISSION_BPS}` }]);
  }
  const user = await userRepo(dbOf(ctx), ctx.tableName).get(partnerId);
  if (!user || user.deletedAt !== null) throw notFound('PARTNER_NOT_FOUND', `no partner account has the user id ${partnerId}`);
  const repo = commissionRepo(dbOf(ctx), ctx.tableName);
  const previous = await repo.get(partnerId);
  const rate = { bps, setAt: ctx.now().toISOString() };
  await repo.set(partnerId, rate, previous?.bps ?? null);
  return { partnerId, ...rate, previousBps: previous?.bps ?? null };
}
