// A sale's split between the partner and the service: the partner keeps its commission (basis points of the gross,
// rounded half up once, here) and owes the service the rest (`due`). Every entry of the ledger holds
// `commission + due = gross`.
import { roundHalfUp } from '#lib/money/currency.ts';

/** Basis points: 1 bp = 0.01 %, so 10 000 bps is the whole gross. */
export const MAX_COMMISSION_BPS = 10_000;

export interface Split {
  /** What the buyer paid, in minor units. */
  gross: number;
  /** The partner's share: round half up of gross × bps / 10 000. */
  commission: number;
  /** What the partner owes the service: gross − commission. */
  due: number;
}

/** The split of a sale of `gross` minor units at a commission of `bps` basis points (0–10 000). */
export function splitSale(gross: number, bps: number): Split {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new Error(`${gross} is not an amount in minor units`);
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_COMMISSION_BPS) throw new Error(`${bps} is not a commission in basis points`);
  const commission = Number(roundHalfUp(BigInt(gross) * BigInt(bps), BigInt(MAX_COMMISSION_BPS)));
  return { gross, commission, due: gross - commission };
}
