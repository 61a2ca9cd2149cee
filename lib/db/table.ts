// The single table's definition: read by the local runtime (CreateTable) and by the CDK stack, so both build the same table.

export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  /** ALL, KEYS_ONLY (the table's and the index's keys), or INCLUDE with the listed non-key attributes. */
  projection: { type: 'ALL' } | { type: 'KEYS_ONLY' } | { type: 'INCLUDE'; nonKeyAttributes: string[] };
  /**
   * Tables made before this index existed lack it until ensureTable (locally) or the stack (in AWS) adds it; its
   * readers fall back to another way while it is absent or still being built, so such a table is still this project's.
   */
  addedLater?: true;
}

export interface TableDefinition {
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  globalSecondaryIndexes: IndexDefinition[];
  /** Epoch seconds; DynamoDB deletes expired items lazily, so code still checks expiry itself. */
  timeToLiveAttribute: string;
  stream: 'NEW_AND_OLD_IMAGES';
}

/** Attributes the catalogue index carries: everything the featured listing filters and sorts on. */
export const CATALOG_ATTRIBUTES = [
  'id',
  'name',
  'featured',
  'condition',
  'marketplace',
  'status',
  'price',
  'updatedAt',
  'saleAt',
  'featuredAt',
  'mintedAt',
  'deletedAt',
  'lockExpiresAt',
] as const;

export const GSI1 = 'gsi1';
export const CATALOG_INDEX = 'catalog';
export const CHANGES_INDEX = 'changes';

export const tableDefinition: TableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [
    {
      // Generic secondary access path (ElectroDB style): entities put their own prefixes in gsi1pk/gsi1sk.
      indexName: GSI1,
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
      projection: { type: 'ALL' },
    },
    {
      // Every plaque ordered by last change: the listing's incremental sync reads only what changed.
      indexName: CATALOG_INDEX,
      partitionKey: { name: 'catpk', type: 'S' },
      sortKey: { name: 'catsk', type: 'S' },
      projection: { type: 'INCLUDE', nonKeyAttributes: [...CATALOG_ATTRIBUTES] },
    },
    {
      // Every plaque's catalogue position in one partition (`entity`, which every plaque item carries as 'plaque';
      // only plaques have `catsk`): the listing's freshness check asks it what changed with one small query.
      indexName: CHANGES_INDEX,
      partitionKey: { name: 'entity', type: 'S' },
      sortKey: { name: 'catsk', type: 'S' },
      projection: { type: 'KEYS_ONLY' },
      addedLater: true,
    },
  ],
  timeToLiveAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
};
