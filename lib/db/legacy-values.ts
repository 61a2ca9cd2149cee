// Values that earlier versions of the service stored on plaques, and the interface's values they stand for.
//
// Why read-side conversion as well as a migration: the migration (lib/migrations/) rewrites stored plaques without
// touching `updatedAt`, so that a sale or a delivery that read a plaque before the rewrite still finds it "as read"
// (their transactions are conditional on `updatedAt`). The listing's in-memory index follows changes by `updatedAt`,
// so it never sees such a rewrite and may keep the old spellings; instead records are converted as they are read (the
// repository's `fromItem`), and a listing filter matches every spelling stored for its value (`indexQueryOf`). A
// record is therefore shown with the interface's values whether or not the migration has reached it yet, and old
// values never leave the service.
//
// It lives with the repositories because it is about storage (what earlier versions wrote) and `fromItem` applies
// it to every record read; like every repository module it names the domain's types and calls no domain code.
import type { Condition, Marketplace, MarketplaceFilter, TokenStandard } from '#lib/plaques/plaque.ts';

/** The standard the service mints (the domain's TOKEN_STANDARD; the type holds the two together). */
const TOKEN_STANDARD: TokenStandard = 'ERC-1155';
/** A filter's marketplace as the record names it (SERVICE → service), as the domain's `marketplaceOf`. */
const marketplaceOf = (filter: MarketplaceFilter): Marketplace => filter.toLowerCase() as Marketplace;

/** Conditions of earlier versions: GOOD and WORN are both the interface's USED. */
const LEGACY_CONDITIONS: ReadonlyMap<string, Condition> = new Map([
  ['GOOD', 'USED'],
  ['WORN', 'USED'],
]);

/** Marketplaces of earlier versions (and the filter spelling, should one have been stored). */
const LEGACY_MARKETPLACES: ReadonlyMap<string, Marketplace> = new Map([
  ['PRIMARY', 'service'],
  ['SECONDARY', 'opensea'],
  ['SERVICE', 'service'],
  ['OPENSEA', 'opensea'],
]);

/** The token standard as earlier versions spelled it. */
const LEGACY_STANDARDS: ReadonlySet<string> = new Set(['ERC1155']);

/** Every value stored for the given conditions: each one, and the old values that stand for it (USED: GOOD, WORN). */
export function storedConditions(conditions: readonly Condition[]): string[] {
  return conditions.flatMap((c) => [c, ...[...LEGACY_CONDITIONS].filter(([, now]) => now === c).map(([old]) => old)]);
}

/** Every value stored for the marketplaces a filter names: the record's name, and the old ones (SERVICE: service, PRIMARY). */
export function storedMarketplaces(filters: readonly MarketplaceFilter[]): string[] {
  return filters.map(marketplaceOf).flatMap((m) => [m, ...[...LEGACY_MARKETPLACES].filter(([, now]) => now === m).map(([old]) => old)]);
}

export const currentCondition = (stored: string): Condition => LEGACY_CONDITIONS.get(stored) ?? (stored as Condition);

export const currentMarketplace = (stored: string): Marketplace => LEGACY_MARKETPLACES.get(stored) ?? (stored as Marketplace);

/** A missing standard is the only one the service has ever minted. */
export const currentStandard = (stored: string | null | undefined): TokenStandard =>
  stored === null || stored === undefined || LEGACY_STANDARDS.has(stored) ? TOKEN_STANDARD : (stored as TokenStandard);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Token metadata stored on a sold plaque (lib/partner/plaque-token.ts) with the condition and marketplace converted
 * in its `attributes` and `properties`; anything else, or metadata of another shape, is returned as it is.
 */
export function currentMetadata(metadata: unknown): unknown {
  if (!isObject(metadata)) return metadata;
  const out: Json = { ...metadata };
  if (Array.isArray(metadata.attributes)) {
    out.attributes = metadata.attributes.map((attribute: unknown) => {
      if (!isObject(attribute) || typeof attribute.value !== 'string') return attribute;
      if (attribute.trait_type === 'Condition') return { ...attribute, value: currentCondition(attribute.value) };
      if (attribute.trait_type === 'Marketplace') return { ...attribute, value: currentMarketplace(attribute.value) };
      return attribute;
    });
  }
  if (isObject(metadata.properties)) {
    const properties: Json = { ...metadata.properties };
    if (typeof properties.condition === 'string') properties.condition = currentCondition(properties.condition);
    if (typeof properties.marketplace === 'string') properties.marketplace = currentMarketplace(properties.marketplace);
    out.properties = properties;
  }
  return out;
}

/**
 * A stored plaque's attributes with every old value replaced by the interface's: condition, marketplace, standard,
 * description (null → ""), the sold token's metadata. `image` and `contractAddress` depend on the stage and are
 * filled where the record is shown (`presentPlaque`).
 */
export function currentAttributes(stored: Json): Json {
  const out: Json = { ...stored };
  if (typeof stored.condition === 'string') out.condition = currentCondition(stored.condition);
  if (typeof stored.marketplace === 'string') out.marketplace = currentMarketplace(stored.marketplace);
  out.standard = currentStandard(stored.standard as string | null | undefined);
  if (stored.description === null || stored.description === undefined) out.description = '';
  if (stored.metadata !== undefined) out.metadata = currentMetadata(stored.metadata);
  return out;
}
