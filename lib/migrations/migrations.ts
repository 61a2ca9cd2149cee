// The migrations of stored data, oldest first: append new ones at the end with the next id, never edit or reorder
// one that has shipped (tables record what they applied by id).
import type { Migration } from '#lib/migrations/migration.ts';
import { catalogIndexShards } from '#lib/migrations/catalog-index-shards.ts';
import { interfaceEnumerations } from '#lib/migrations/interface-enumerations.ts';
import { walletPlaquesIndex } from '#lib/migrations/wallet-plaques-index.ts';
import { usernameSkeletons } from '#lib/migrations/username-skeletons.ts';
import { usernameRefold } from '#lib/migrations/username-refold.ts';
import { ledgerSaleEntries } from '#lib/migrations/ledger-sale-entries.ts';

export const MIGRATIONS: readonly Migration[] = [
  catalogIndexShards,
  interfaceEnumerations,
  walletPlaquesIndex,
  usernameSkeletons,
  usernameRefold,
  ledgerSaleEntries,
];
