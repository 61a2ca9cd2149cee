// Migration 0002: stored plaques take the interface's own values and field types (docs/catalogue.md "The plaque's values",
// lib/plaques/plaque.ts). Until it reaches a plaque, reads convert the old values on the fly (lib/db/legacy-values.ts).
import { isDeepStrictEqual } from 'node:util';
import { dbOf } from '#lib/db/client.ts';
import { plaqueMigrationRepo, type AttributeChange } from '#lib/db/plaque-migration-repo.ts';
import { currentCondition, currentMarketplace, currentMetadata, currentStandard } from '#lib/db/legacy-values.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';

type Item = Record<string, unknown>;

/** Rewrites of one plaque in flight at once. */
const CONCURRENCY = 8;
/** Times one plaque is re-read and rewritten when it changed between the read and the write. */
const ATTEMPTS = 5;

const isAbsent = (value: unknown): boolean => value === null || value === undefined;

/**
 * The attribute changes that bring one stored plaque to the interface's values; empty when it has them already.
 * Pure: the old value of each change is what the conditional write checks is still there.
 */
export function plaqueChanges(item: Item, stage: StageValues): AttributeChange[] {
  const changes: AttributeChange[] = [];
  const change = (attribute: string, to: unknown) => {
    const from = item[attribute];
    if (!isDeepStrictEqual(from, to)) changes.push({ attribute, from: isAbsent(from) ? null : from, to });
  };
  if (typeof item.condition === 'string') change('condition', currentCondition(item.condition));
  if (typeof item.marketplace === 'string') change('marketplace', currentMarketplace(item.marketplace));
  change('standard', currentStandard(item.standard as string | null | undefined));
  if (isAbsent(item.description)) change('description', '');
  const image = isAbsent(item.image) ? stage.placeholderImage : item.image;
  if (isAbsent(item.image)) change('image', image);
  if (isAbsent(item.contractAddress)) change('contractAddress', stage.contractAddress);
  // A sold plaque's token metadata: its attributes take the new values, and it names an image like new sales do.
  if (typeof item.metadata === 'object' && item.metadata !== null && !Array.isArray(item.metadata)) {
    const metadata = currentMetadata(item.metadata) as Item;
    change('metadata', isAbsent(metadata.image) ? { ...metadata, image } : metadata);
  }
  return changes;
}

export const interfaceEnumerations: Migration = {
  id: '0002-interface-enumerations',
  description:
    'plaques take the interface values: condition GOOD/WORN → USED, marketplace PRIMARY/SECONDARY → service/opensea, ' +
    'standard ERC1155 → ERC-1155, null image → the placeholder image, null description → "", null contractAddress → ' +
    "the stage's contract; sold plaques' token metadata likewise",
  needs: ['placeholderImage', 'contractAddress'],

  async run({ ctx, stage }): Promise<MigrationCounts> {
    const repo = plaqueMigrationRepo(dbOf(ctx), ctx.tableName);
    const counts: MigrationCounts = { scanned: 0, converted: 0, alreadyConverted: 0 };

    const convert = async (id: number, first: Item): Promise<void> => {
      let item: Item | null = first;
      for (let attempt = 1; item !== null; attempt++) {
        const changes = plaqueChanges(item, stage);
        if (changes.length === 0) {
          // Written in the interface's values, converted before, or converted by a concurrent run meanwhile.
          counts.alreadyConverted++;
          return;
        }
        if ((await repo.rewrite(id, changes)) === 'applied') {
          counts.converted++;
          return;
        }
        if (attempt >= ATTEMPTS) throw new Error(`plaque ${id} kept changing while it was converted; run the migration again`);
        // Written in between (a sale, a hold, another run): read it again and convert what is still old.
        item = await repo.rawItem(id);
      }
    };

    for await (const ids of repo.plaqueIds()) {
      const items = await repo.rawItems(ids);
      counts.scanned += items.size;
      const queue = [...items];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await convert(...next);
        }),
      );
    }
    return counts;
  },
};
