// @orama/orama, the well-kept search engine measured first for the listing, on the scale bench's rows and cases: its
// build time, memory, query times and its persistence plugin standing in for the snapshot.
import type { CatalogRow } from '#lib/db/catalog-repo.ts';
import type { ListFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { marketplaceOf } from '#lib/plaques/plaque.ts';
import { memory } from './bench-catalogue.ts';

const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]!;

/** @orama/orama on the same rows and the cases it can express; its persistence plugin stands in for the snapshot. */
export async function oramaFigures(rows: CatalogRow[], inputs: { name: string; input: ListFeaturedInput }[], nowMs: number) {
  const { create, insertMultiple, search } = await import('@orama/orama');
  const { persist, restore } = await import('@orama/plugin-data-persistence');
  const before = memory();
  const t0 = performance.now();
  const db = create({
    schema: {
      name: 'string',
      featured: 'boolean',
      condition: 'enum',
      marketplace: 'enum',
      status: 'enum',
      price: 'number',
      updatedAt: 'number',
      saleAt: 'number',
      featuredAt: 'number',
      mintedAt: 'number',
      pid: 'number',
    } as const,
  });
  // Orama has no null numbers: a missing timestamp is -1 (it then sorts first, not last as the listing wants).
  const t = (iso: string | null) => (iso === null ? -1 : Date.parse(iso));
  await insertMultiple(
    db,
    rows.map((r) => ({
      name: r.name,
      featured: r.featured,
      condition: r.condition,
      marketplace: r.marketplace,
      status: r.status,
      price: r.price,
      updatedAt: t(r.updatedAt),
      saleAt: t(r.saleAt),
      featuredAt: t(r.featuredAt),
      mintedAt: t(r.mintedAt),
      pid: r.id,
    })),
    5000,
  );
  const buildMs = performance.now() - t0;
  const heap = memory() - before;
  const times: number[] = [];
  const unsupported: string[] = [];
  for (const { name, input } of inputs) {
    const f = input.filters ?? {};
    if (input.orderBy === 'p.status' || f.status || input.search) {
      // Status must count lapsed holds as AVAILABLE at query time, and search is a substring, not a token prefix.
      unsupported.push(name);
      continue;
    }
    const field = input.orderBy === 'p.id' ? 'pid' : input.orderBy.replace('p.', '').replace('_at', 'At').replace('updatedAt', 'updatedAt');
    const where: Record<string, unknown> = { featured: f.featured ?? true };
    if (f.condition) where.condition = { in: f.condition };
    if (f.marketplace) where.marketplace = { in: f.marketplace.map(marketplaceOf) };
    if (f.priceMin !== undefined || f.priceMax !== undefined) where.price = { between: [f.priceMin ?? 0, f.priceMax ?? Number.MAX_VALUE] };
    if (f.from) where[input.filterBy.replace('p.', '').replace('_at', 'At')] = { gte: Date.parse(f.from) };
    for (let r = 0; r < 3; r++) {
      times.push(
        (
          await (async () => {
            const s = performance.now();
            await search(db, {
              where: where as never,
              sortBy: { property: field, order: input.sort },
              limit: input.limit,
              offset: input.skip,
            });
            return [null, performance.now() - s] as const;
          })()
        )[1],
      );
    }
  }
  // The persistence plugin's formats, most compact first; large trees exceed some encoders' nesting limits.
  let persisted: string | Buffer | ArrayBuffer | null = null;
  let persistMs = NaN;
  let restoreMs = NaN;
  const failures: string[] = [];
  for (const format of ['binary', 'dpack', 'json'] as const) {
    try {
      const p0 = performance.now();
      persisted = await persist(db, format);
      persistMs = performance.now() - p0;
      const r0 = performance.now();
      await restore(format, persisted);
      restoreMs = performance.now() - r0;
      break;
    } catch (error) {
      failures.push(`${format}: ${(error as Error).message.slice(0, 60)}`);
      persisted = null;
    }
  }
  const snapshotBytes = persisted === null ? NaN : typeof persisted === 'string' ? Buffer.byteLength(persisted) : persisted.byteLength;
  void nowMs;
  return { buildMs, heap, p99: p99(times), unsupported, snapshotBytes, persistMs, restoreMs, failures };
}
