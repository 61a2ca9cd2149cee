// The list of migrations: ids unique and sortable in the order they run, and the shard backfill before the
// conversion of the enumerations, so a table of the unsharded version is spread over the shards first.
import { describe, expect, it } from 'vitest';
import { catalogIndexShards } from '#lib/migrations/catalog-index-shards.ts';
import { interfaceEnumerations } from '#lib/migrations/interface-enumerations.ts';
import { walletPlaquesIndex } from '#lib/migrations/wallet-plaques-index.ts';
import { MIGRATIONS } from '#lib/migrations/migrations.ts';
import { CATALOG_SHARD_BACKFILL } from '#lib/plaques/catalog-backfill.ts';

describe('migrations', () => {
  it('run in id order, each id unique and numbered', () => {
    const ids = MIGRATIONS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });

  it('move plaques into their catalogue shards before converting their values, then list minted plaques under their wallet', () => {
    expect(MIGRATIONS.slice(0, 3)).toEqual([catalogIndexShards, interfaceEnumerations, walletPlaquesIndex]);
    expect(catalogIndexShards).toMatchObject(CATALOG_SHARD_BACKFILL);
    expect(catalogIndexShards.needs).toEqual([]);
  });
});
