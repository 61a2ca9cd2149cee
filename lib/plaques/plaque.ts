// The Plaque record: its enumerations, its stored shape, and the rules that derive fields (name, effective status); its
// wire shape is plaqueSchema (lib/plaques/response-schemas.ts).
import type { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

// The enumerations are the original interface's own (docs/catalogue.md "The plaque's values"); values stored by earlier
// versions of the service are read through lib/db/legacy-values.ts and converted by a migration.
export const CONDITIONS = ['VIRGIN', 'USED', 'DAMAGED'] as const;
/** The marketplaces as the listing's filter names them: this service's own, and the external one. */
export const MARKETPLACE_FILTERS = ['SERVICE', 'OPENSEA'] as const;
/** The Plaque record's `marketplace` member: the lower-case name of the filter value. */
export const MARKETPLACES = ['service', 'opensea'] as const;
export const STATUSES = ['AVAILABLE', 'LOCKED', 'SOLD', 'MINTED'] as const;
export const CURRENCIES = ['USD', 'EUR'] as const;
export const TOKEN_STANDARD = 'ERC-1155';

export type Condition = (typeof CONDITIONS)[number];
export type MarketplaceFilter = (typeof MARKETPLACE_FILTERS)[number];
export type Marketplace = (typeof MARKETPLACES)[number];
export type PlaqueStatus = (typeof STATUSES)[number];
export type TokenStandard = typeof TOKEN_STANDARD;

/** `SERVICE` → `service`: the record's value a filter value selects. */
export const marketplaceOf = (filter: MarketplaceFilter): Marketplace => filter.toLowerCase() as Marketplace;

/**
 * What the stage fills in where a record has no value of its own: the placeholder image it serves, and its token
 * contract (a plaque's token lives there before it is minted too). See lib/plaques/stage-values.ts.
 */
export interface StageValues {
  readonly placeholderImage: string;
  readonly contractAddress: string;
}

/** The Plaque exactly as clients see it (mixed naming kept from the original interface); its members are the schema's. */
export type Plaque = Shape<typeof plaqueSchema>;

/**
 * What is stored: the record plus the hold that locks it (never shown to clients). Every write stores `image` and
 * `contractAddress`; only a record written by an earlier version may still hold null there until it is migrated,
 * and it is shown with the stage's values meanwhile (`presentPlaque`).
 */
export interface StoredPlaque extends Omit<Plaque, 'token_id' | 'image' | 'contractAddress'> {
  image: string | null;
  contractAddress: string | null;
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

/**
 * The wire record of a stored plaque at `now`, its members in the interface's order, in the newest API version's shape
 * (lib/versions/versions.ts gives it an older version's). A record not migrated yet shows
 * the stage's placeholder image and contract, and its token metadata names that image, as the migration writes them.
 */
export function presentPlaque(p: StoredPlaque, now: Date, stage: StageValues): Plaque {
  const image = p.image ?? stage.placeholderImage;
  return {
    id: p.id,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    deletedAt: p.deletedAt,
    name: p.name,
    alphabetPart: p.alphabetPart,
    numberPart: p.numberPart,
    image,
    price: p.price,
    currency: p.currency,
    marketplace: p.marketplace,
    tokenId: p.tokenId,
    mappedPlaqueId: p.mappedPlaqueId,
    contractAddress: p.contractAddress ?? stage.contractAddress,
    featured: p.featured,
    description: p.description,
    standard: p.standard,
    metadata: p.metadata && (p.metadata.image === null || p.metadata.image === undefined) ? { ...p.metadata, image } : p.metadata,
    building_id: p.building_id,
    wallet_address: p.wallet_address,
    condition: p.condition,
    assignAt: p.assignAt,
    saleAt: p.saleAt,
    featuredAt: p.featuredAt,
    mintedAt: p.mintedAt,
    status: effectiveStatus(p, now),
    minted: p.minted,
  };
}
