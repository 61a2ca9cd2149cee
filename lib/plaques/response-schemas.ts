// Response shapes of the plaque operations, as zod schemas for the OpenAPI document (only the OpenAPI function builds them).
import * as z from 'zod/mini';
import { CONDITIONS, MARKETPLACES, STATUSES } from '#lib/plaques/plaque.ts';

const timestamp = z.iso.datetime();
const nullableTimestamp = z.nullable(timestamp);

export const plaqueSchema = z.object({
  id: z.int().check(z.positive()),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: nullableTimestamp,
  name: z.string().check(z.regex(/^[A-Z]{3}-[0-9]{4}$/)),
  alphabetPart: z.string(),
  numberPart: z.string(),
  image: z.nullable(z.string()),
  price: z.number(),
  currency: z.string(),
  marketplace: z.enum(MARKETPLACES),
  tokenId: z.nullable(z.string()),
  mappedPlaqueId: z.nullable(z.int()),
  contractAddress: z.nullable(z.string()),
  featured: z.boolean(),
  description: z.nullable(z.string()),
  standard: z.string(),
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
  token_id: z.nullable(z.string()),
});

export const featuredPageSchema = z.object({
  count: z.int().check(z.minimum(0)),
  plaques: z.array(plaqueSchema),
  nextCursor: z.nullable(z.string()),
});
