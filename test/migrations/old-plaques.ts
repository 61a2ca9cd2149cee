// Plaques as the previous version stored them (GOOD/WORN, PRIMARY/SECONDARY, ERC1155, null image, description and
// contract), written as raw items with the document client, and the stage values the migration fills in.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { LEGACY_CATALOG_PARTITION, catalogSortKey, plaqueKey, plaqueNameKey } from '#lib/db/keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';

type Item = Record<string, unknown>;

let nextId = 1;

/** The previous version's token metadata of a sold plaque, with its old values. */
export const oldMetadata = (id: number, name: string, condition: string, marketplace: string) => ({
  name,
  description: `Plaque ${name}`,
  decimals: 0,
  attributes: [
    { trait_type: 'Condition', value: condition },
    { trait_type: 'Marketplace', value: marketplace },
    { trait_type: 'Alphabet part', value: name.slice(0, 3) },
    { trait_type: 'Number part', value: name.slice(4) },
  ],
  properties: { plaqueId: id, condition, marketplace, alphabetPart: name.slice(0, 3), numberPart: name.slice(4) },
});

/** One plaque item exactly as the previous version wrote it: every member present, old values, nulls. */
export function anOldPlaqueItem(overrides: Item = {}): Item {
  const id = (overrides.id as number | undefined) ?? nextId++;
  const numberPart = String(id).padStart(4, '0');
  const name = `OLD-${numberPart}`;
  const updatedAt = (overrides.updatedAt as string | undefined) ?? '2025-11-02T10:00:00.000Z';
  return {
    ...plaqueKey(id),
    // Earlier versions indexed every plaque in one catalogue partition, before it was sharded.
    catpk: LEGACY_CATALOG_PARTITION,
    catsk: catalogSortKey(updatedAt, id),
    entity: 'plaque',
    id,
    createdAt: '2025-11-01T10:00:00.000Z',
    updatedAt,
    deletedAt: null,
    name,
    alphabetPart: 'OLD',
    numberPart,
    image: null,
    price: 100,
    currency: 'USD',
    marketplace: 'PRIMARY',
    tokenId: null,
    mappedPlaqueId: null,
    contractAddress: null,
    featured: true,
    description: null,
    standard: 'ERC1155',
    metadata: null,
    building_id: null,
    wallet_address: null,
    condition: 'GOOD',
    assignAt: null,
    saleAt: null,
    featuredAt: '2025-11-02T10:00:00.000Z',
    mintedAt: null,
    status: 'AVAILABLE',
    minted: false,
    lockExpiresAt: null,
    reservationId: null,
    ...overrides,
  };
}

/** Writes the items (and their name claims) with plain puts, as the previous version left them. */
export async function writeOldPlaques(ctx: Pick<AppContext, 'db' | 'tableName'>, items: Item[]): Promise<void> {
  for (const item of items) {
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: item }));
    await dbOf(ctx).send(
      new PutCommand({
        TableName: ctx.tableName,
        Item: { ...plaqueNameKey(item.name as string), entity: 'plaqueName', plaqueId: item.id },
      }),
    );
  }
}

/** A plaque item as stored now, read raw (no conversion on the way). */
export async function rawPlaque(ctx: Pick<AppContext, 'db' | 'tableName'>, id: number): Promise<Item> {
  const out = await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: plaqueKey(id), ConsistentRead: true }));
  return out.Item!;
}

/** A varied set of old plaques: every old condition and marketplace, featured or not, sold ones with metadata. */
export function anOldCatalogue(count: number, firstId: number): Item[] {
  const conditions = ['VIRGIN', 'GOOD', 'WORN', 'DAMAGED'];
  const marketplaces = ['PRIMARY', 'SECONDARY'];
  return Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    const condition = conditions[i % conditions.length]!;
    const marketplace = marketplaces[Math.floor(i / conditions.length) % marketplaces.length]!;
    const sold = i % 5 === 4;
    const name = `OLD-${String(id).padStart(4, '0')}`;
    return anOldPlaqueItem({
      id,
      condition,
      marketplace,
      featured: i % 3 !== 2,
      // Some had a description or an image of their own: those are kept.
      ...(i % 6 === 1 && { description: 'By the old gate' }),
      ...(i % 7 === 3 && { image: 'https://img.example/own.png' }),
      ...(sold && {
        status: 'SOLD',
        saleAt: '2025-11-02T09:00:00.000Z',
        wallet_address: '0x00000000000000000000000000000000000000aa',
        metadata: oldMetadata(id, name, condition, marketplace),
        orderId: `ord_old_${id}`,
      }),
    });
  });
}
