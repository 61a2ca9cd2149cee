// Deterministic sample plaques for the local runtime's first start, the bench and tests: every condition, status
// and marketplace, realistic names like ABC-0042.
import {
  CONDITIONS,
  CURRENCIES,
  MARKETPLACES,
  TOKEN_STANDARD,
  plaqueName,
  type StageValues,
  type StoredPlaque,
} from '#lib/plaques/plaque.ts';

/** A small, fast, seedable PRNG (mulberry32): the same seed yields the same catalogue. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DAY = 86_400_000;

export interface SampleOptions {
  firstId: number;
  count: number;
  now: Date;
  seed?: number;
  /** Share of featured plaques; `undefined` → about half. */
  featuredShare?: number;
  /** The stage's placeholder image and token contract, which every sample plaque carries. */
  stage: StageValues;
}

const NAME_SPACE = 26 ** 3 * 10_000;
/** Coprime with NAME_SPACE (whose prime factors are 2, 5 and 13), so the mapping below is a bijection. */
const NAME_STRIDE = 1_000_003;

/** Unique, varied names: the id is spread over every letters × number pair, so different ids never collide. */
function sampleName(id: number): { alphabetPart: string; numberPart: string } {
  const x = ((id - 1) * NAME_STRIDE) % NAME_SPACE;
  const letters = Math.floor(x / 10_000);
  const alphabetPart = LETTERS[letters % 26]! + LETTERS[Math.floor(letters / 26) % 26]! + LETTERS[Math.floor(letters / 676)]!;
  return { alphabetPart, numberPart: String(x % 10_000).padStart(4, '0') };
}

export function samplePlaques(options: SampleOptions): StoredPlaque[] {
  const random = seededRandom(options.seed ?? options.firstId);
  const nowMs = options.now.getTime();
  const iso = (msValue: number) => new Date(Math.min(msValue, nowMs)).toISOString();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const wallet = () => `0x${Array.from({ length: 40 }, () => Math.floor(random() * 16).toString(16)).join('')}`;

  return Array.from({ length: options.count }, (_, i) => {
    const id = options.firstId + i;
    const { alphabetPart, numberPart } = sampleName(id);
    const createdAt = nowMs - Math.floor(random() * 365 * DAY) - DAY;
    const updatedAt = createdAt + Math.floor(random() * (nowMs - createdAt));
    const featured = options.featuredShare === undefined ? random() < 0.5 : random() < options.featuredShare;
    // Every status and both kinds of lock appear: ~40% available, ~20% locked, ~20% sold, ~20% minted.
    const roll = random();
    const status = roll < 0.4 ? 'AVAILABLE' : roll < 0.6 ? 'LOCKED' : roll < 0.8 ? 'SOLD' : 'MINTED';
    const lockKind = random();
    const lockExpiresAt =
      status !== 'LOCKED' ? null : lockKind < 0.4 ? null : lockKind < 0.8 ? new Date(nowMs + 3_600_000).toISOString() : iso(nowMs - DAY);
    const sold = status === 'SOLD' || status === 'MINTED';
    const saleAt = sold ? iso(updatedAt - Math.floor(random() * DAY)) : null;
    const mintedAt = status === 'MINTED' ? iso(updatedAt) : null;
    const tokenId = status === 'MINTED' ? String(id) : null;
    const name = plaqueName(alphabetPart, numberPart);
    return {
      id,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
      deletedAt: null,
      name,
      alphabetPart,
      numberPart,
      image: options.stage.placeholderImage,
      price: Math.round((5 + random() * 4995) * 100) / 100,
      currency: pick(CURRENCIES),
      marketplace: pick(MARKETPLACES),
      tokenId,
      mappedPlaqueId: null,
      contractAddress: options.stage.contractAddress,
      featured,
      // Some plaques have no description: the record then says "" (and token metadata falls back to the name).
      description: random() < 0.8 ? `Plaque ${name}` : '',
      standard: TOKEN_STANDARD,
      metadata: null,
      building_id: random() < 0.7 ? 1 + Math.floor(random() * 500) : null,
      wallet_address: sold ? wallet() : null,
      condition: pick(CONDITIONS),
      assignAt: random() < 0.5 ? iso(createdAt + DAY) : null,
      saleAt,
      featuredAt: featured ? iso(createdAt + Math.floor(random() * (updatedAt - createdAt))) : null,
      mintedAt,
      status,
      minted: status === 'MINTED',
      lockExpiresAt,
      reservationId: null,
    } satisfies StoredPlaque;
  });
}
