// The statistics GET /plaques/stats must answer, computed the plainest way from whole records: the reference the
// index's one-pass computation (lib/plaques/catalog-stats.ts) is checked against.
import { effectiveStatus, STATUSES, type StoredPlaque } from '#lib/plaques/plaque.ts';

const DAY = 86_400_000;

export function statsModel(plaques: readonly StoredPlaque[], nowMs: number) {
  const now = new Date(nowMs);
  const live = plaques.filter((p) => p.deletedAt === null);
  const count = Object.fromEntries(STATUSES.map((s) => [s, live.filter((p) => effectiveStatus(p, now) === s).length]));
  const currencies = [...new Set(live.map((p) => p.currency))].sort();
  const floor = currencies.flatMap((currency) => {
    const offered = live
      .filter((p) => p.currency === currency && p.featured && effectiveStatus(p, now) === 'AVAILABLE')
      .sort((a, b) => a.price - b.price || a.id - b.id);
    return offered.length === 0 ? [] : [{ currency, price: offered[0]!.price, plaqueId: offered[0]!.id }];
  });
  const soldWithin = (p: StoredPlaque, days: number) =>
    (p.status === 'SOLD' || p.status === 'MINTED') &&
    p.saleAt !== null &&
    Date.parse(p.saleAt) > nowMs - days * DAY &&
    Date.parse(p.saleAt) <= nowMs;
  const sum = (list: StoredPlaque[]) => list.reduce((total, p) => total + p.price, 0);
  const volume = currencies.flatMap((currency) => {
    const of = (days: number) => live.filter((p) => p.currency === currency && soldWithin(p, days));
    if (of(30).length === 0) return [];
    return [{ currency, h24: sum(of(1)), d7: sum(of(7)), d30: sum(of(30)), sales24h: of(1).length }];
  });
  return { count, floor, volume };
}
