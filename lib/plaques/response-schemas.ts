// The response shapes of the plaque operations: the one declaration of each answer's shape, as components built on
// first use (lib/schema.ts). The domain's types are `Shape` of these, imported as types only.
import * as z from 'zod/mini';
import { component } from '#lib/schema.ts';
import { CONDITIONS, MARKETPLACES, STATUSES, TOKEN_STANDARD } from '#lib/plaques/plaque.ts';
import { ACTIVITY_TYPES } from '#lib/plaques/activity-types.ts';

export const plaqueSchema = component('Plaque', () => {
  const timestamp = z.iso.datetime();
  const nullableTimestamp = z.nullable(timestamp);
  return z.object({
    id: z.int().check(z.positive()),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: nullableTimestamp,
    name: z.string().check(z.regex(/^[A-Z]{3}-[0-9]{4}$/)),
    alphabetPart: z.string(),
    numberPart: z.string(),
    // Always a URL: the plaque's own image, or the stage's placeholder.
    image: z.url(),
    price: z.number(),
    currency: z.string(),
    marketplace: z.enum(MARKETPLACES),
    // Null until minted.
    tokenId: z.nullable(z.string()),
    mappedPlaqueId: z.nullable(z.int()),
    // The stage's token contract, also before minting.
    contractAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    featured: z.boolean(),
    // "" when the plaque has none.
    description: z.string(),
    standard: z.literal(TOKEN_STANDARD),
    metadata: z.nullable(z.record(z.string(), z.unknown())),
    building_id: z.nullable(z.int()),
    wallet_address: z.nullable(z.string()),
    condition: z.enum(CONDITIONS),
    assignAt: nullableTimestamp,
    saleAt: nullableTimestamp,
    featuredAt: nullableTimestamp,
    mintedAt: nullableTimestamp,
    status: z.enum(STATUSES),
    minted: z.boolean(),
    // The copy of tokenId, in API versions before 2026-11-28 only (lib/versions/versions.ts).
    token_id: z.optional(z.nullable(z.string())),
  });
});

/** A page of plaques: `count` matches across all pages, `nextCursor` null on the last page. */
const plaquePage = () =>
  z.object({
    count: z.int().check(z.minimum(0)),
    plaques: z.array(plaqueSchema.schema()),
    nextCursor: z.nullable(z.string()),
  });

export const featuredPageSchema = component('FeaturedPage', () => plaquePage());

/** The plaques minted to one wallet, newest mint first. */
export const walletPlaquePageSchema = component('WalletPlaquePage', () => plaquePage());

/** What happened to a plaque: its sales, mints, cancelled orders, price changes and listings. */
const activityMembers = () => ({
  type: z.enum(ACTIVITY_TYPES),
  price: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
  at: z.iso.datetime(),
});

/** A plaque's activity, newest first. */
export const plaqueActivityPageSchema = component('PlaqueActivityPage', () =>
  z.object({ activity: z.array(z.object(activityMembers())), nextCursor: z.nullable(z.string()) }),
);

/** The catalogue's activity of one type, newest first, each entry naming its plaque. */
export const catalogueActivityPageSchema = component('CatalogueActivityPage', () =>
  z.object({
    activity: z.array(z.object({ ...activityMembers(), plaqueId: z.int().check(z.positive()), plaqueName: z.string() })),
    nextCursor: z.nullable(z.string()),
  }),
);

/** The catalogue's statistics: plaques per status, the floor and the volume sold per currency. */
export const plaqueStatsSchema = component('PlaqueStats', () => {
  const amount = z.number().check(z.minimum(0));
  const tally = () => z.int().check(z.minimum(0));
  return z.object({
    // One member per status of STATUSES, each always present.
    count: z.object({ AVAILABLE: tally(), LOCKED: tally(), SOLD: tally(), MINTED: tally() }),
    floor: z.array(z.object({ currency: z.string(), price: amount, plaqueId: z.int().check(z.positive()) })),
    volume: z.array(z.object({ currency: z.string(), h24: amount, d7: amount, d30: amount, sales24h: z.int().check(z.minimum(0)) })),
  });
});
