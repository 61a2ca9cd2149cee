// The listing's first queries after a start, as a visitor of a new instance meets them: distinct queries (random
// filters, searches, orders, directions, limits 1–100, skips up to 10 000, one in four by POST), each sent once, one
// after another over HTTP. `npm run bench -- --only start` sends them right after a start (after an import, after a
// restart) and again after a minute idle (the steady figure); so does `--only visits` on a cold server at each size.
import { readFileSync } from 'node:fs';
import { CONDITIONS, MARKETPLACE_FILTERS, STATUSES } from '#lib/plaques/plaque.ts';
import { FILTER_BY_FIELDS, ORDER_FIELDS } from '#lib/plaques/listing-fields.ts';
import { seededRandom } from '#lib/plaques/sample-catalog.ts';
import { fmt } from './listing.ts';

/** Queries a pass sends: the first this many after a start, then as many again after a minute idle. */
export const FIRST_QUERIES = 300;
/** The idle time before the steady pass. */
export const IDLE_MS = 60_000;

/** One listing request: its parameters, sent as a query string (GET) or as a JSON body (POST). */
export interface ListingQuery {
  method: 'GET' | 'POST';
  params: Record<string, unknown>;
}

/** `count` queries, no two alike (seeded: a pass with the same seed sends the same ones). */
export function distinctQueries(count: number, seed: number): ListingQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'];
  const seen = new Set<string>();
  const out: ListingQuery[] = [];
  while (out.length < count) {
    const params: Record<string, unknown> = { limit: 1 + Math.floor(random() * 100) };
    if (random() < 0.7) params.orderBy = pick(Object.keys(ORDER_FIELDS));
    if (random() < 0.5) params.sort = pick(['ASC', 'DESC']);
    if (random() < 0.5) params.skip = Math.floor(random() * 10_001);
    if (random() < 0.3) params.search = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(letters)).join('');
    if (random() < 0.6) {
      const filters: Record<string, unknown> = {};
      if (random() < 0.4) filters.condition = [pick(CONDITIONS)];
      if (random() < 0.3) filters.marketplace = pick(MARKETPLACE_FILTERS);
      if (random() < 0.3) filters.status = [pick(STATUSES), pick(STATUSES)];
      if (random() < 0.4) {
        const low = Math.floor(random() * 4000);
        Object.assign(filters, { priceMin: low, priceMax: low + Math.floor(random() * 3000) });
      }
      if (random() < 0.15) filters.featured = false;
      if (random() < 0.15) {
        params.filterBy = pick(Object.keys(FILTER_BY_FIELDS));
        filters.from = new Date(Date.UTC(2024, Math.floor(random() * 24), 1)).toISOString();
      }
      params.filters = filters;
    }
    const method = random() < 0.25 ? 'POST' : 'GET';
    const key = JSON.stringify(params);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method, params });
  }
  return out;
}

/** Sends one query and waits for the whole answer; throws on any status but 200. */
async function send(url: string, query: ListingQuery): Promise<number> {
  const started = performance.now();
  let response: Response;
  if (query.method === 'POST') {
    response = await fetch(`${url}/plaques/featured`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query.params),
    });
  } else {
    const search = new URLSearchParams(
      Object.entries(query.params).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    );
    response = await fetch(`${url}/plaques/featured?${search}`);
  }
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${query.method} ${JSON.stringify(query.params)} answered ${response.status}: ${body}`);
  return ms;
}

/** Milliseconds each query took, sent one after another. */
export async function timeQueries(url: string, queries: readonly ListingQuery[]): Promise<number[]> {
  const samples: number[] = [];
  for (const query of queries) samples.push(await send(url, query));
  return samples;
}

const quantile = (samples: readonly number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))]!;

/** `p50 / p99 / max` of a pass, in ms. */
export const passFigures = (samples: readonly number[]): string =>
  `${fmt(quantile(samples, 0.5))} / ${fmt(quantile(samples, 0.99))} / ${fmt(Math.max(...samples))}`;

/** The p50 and p99 of a pass, for a verdict against its target. */
export const passQuantiles = (samples: readonly number[]) => ({ p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) });

/** Seconds of CPU (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A start's figures: to the first page, the first pass and the steady one, and the server's CPU meanwhile. */
export interface StartFigures {
  firstPageS: number;
  first: number[];
  steady: number[];
  /** CPU seconds of the server process during the first pass, the minute idle, and the steady pass. */
  cpu: { first: number; idle: number; steady: number };
}

/** The first pass right away, a minute idle, then the steady pass; `seed` picks the queries (never sent before). */
export async function passes(url: string, pid: number, seed: number, firstPageS: number): Promise<StartFigures> {
  const c0 = cpuSeconds(pid);
  const first = await timeQueries(url, distinctQueries(FIRST_QUERIES, seed));
  const c1 = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const c2 = cpuSeconds(pid);
  const steady = await timeQueries(url, distinctQueries(FIRST_QUERIES, seed + 1));
  const c3 = cpuSeconds(pid);
  return { firstPageS, first, steady, cpu: { first: c1 - c0, idle: c2 - c1, steady: c3 - c2 } };
}
