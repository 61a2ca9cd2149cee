// The Plaque record: its enumerations, its wire shape, and the rules that derive fields (name, effective status).

export const CONDITIONS = ['VIRGIN', 'GOOD', 'WORN', 'DAMAGED'] as const;
export const MARKETPLACES = ['PRIMARY', 'SECONDARY'] as const;
export const STATUSES = ['AVAILABLE', 'LOCKED', 'SOLD', 'MINTED'] as const;
export const CURRENCIES = ['USD', 'EUR'] as const;
export const TOKEN_STANDARD = 'ERC1155';

export type Condition = (typeof CONDITIONS)[number];
export type Marketplace = (typeof MARKETPLACES)[number];
export type PlaqueStatus = (typeof STATUSES)[number];

/** The Plaque exactly as clients see it (mixed naming kept from the original interface). */
export interface Plaque {
  id: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  name: string;
  alphabetPart: string;
  numberPart: string;
  image: string | null;
  price: number;
  currency: string;
  marketplace: Marketplace;
  tokenId: string | null;
  mappedPlaqueId: number | null;
  contractAddress: string | null;
  featured: boolean;
  description: string | null;
  standard: string;
  metadata: Record<string, unknown> | null;
  building_id: number | null;
  wallet_address: string | null;
  condition: Condition;
  assignAt: string | null;
  saleAt: string | null;
  featuredAt: string | null;
  mintedAt: string | null;
  status: PlaqueStatus;
  minted: boolean;
  token_id: string | null;
}

/** What is stored: the record plus the hold that locks it (never shown to clients). */
export interface StoredPlaque extends Omit<Plaque, 'token_id'> {
  /** ISO time a partner's hold lapses; null for an operator's lock without expiry or when not locked. */
  lockExpiresAt: string | null;
  reservationId: string | null;
}

export const ALPHABET_PART = /^[A-Z]{3}$/;
export const NUMBER_PART = /^[0-9]{4}$/;

export const plaqueName = (alphabetPart: string, numberPart: string): string => `${alphabetPart}-${numberPart}`;

/** An expired hold counts as AVAILABLE; an operator's lock (no expiry) never lapses. */
export function effectiveStatus(plaque: { status: PlaqueStatus; lockExpiresAt: string | null }, now: Date): PlaqueStatus {
  if (plaque.status === 'LOCKED' && plaque.lockExpiresAt !== null && Date.parse(plaque.lockExpiresAt) <= now.getTime()) {
    return 'AVAILABLE';
  }
  return plaque.status;
}

/** The wire record of a stored plaque at `now`, its members in the interface's order. */
export function presentPlaque(p: StoredPlaque, now: Date): Plaque {
  return {
    id: p.id,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    deletedAt: p.deletedAt,
    name: p.name,
    alphabetPart: p.alphabetPart,
    numberPart: p.numberPart,
    image: p.image,
    price: p.price,
    currency: p.currency,
    marketplace: p.marketplace,
    tokenId: p.tokenId,
    mappedPlaqueId: p.mappedPlaqueId,
    contractAddress: p.contractAddress,
    featured: p.featured,
    description: p.description,
    standard: p.standard,
    metadata: p.metadata,
    building_id: p.building_id,
    wallet_address: p.wallet_address,
    condition: p.condition,
    assignAt: p.assignAt,
    saleAt: p.saleAt,
    featuredAt: p.featuredAt,
    mintedAt: p.mintedAt,
    status: effectiveStatus(p, now),
    minted: p.minted,
    token_id: p.tokenId,
  };
}
