// Migration 0002: stored plaques take the interface's own values and field types (docs/catalogue.md "The plaque's values",
// lib/plaques/plaque.ts). Until it reaches a plaque, reads convert the old values on the fly (lib/db/legacy-values.ts).
import { isDeepStrictEqual } from 'node:util';
import type { AttributeChange } from '#lib/db/plaque-migration-repo.ts';
import { currentCondition, currentMarketplace, currentMetadata, currentStandard } from '#lib/db/legacy-values.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';
import { rewriteEveryPlaque } from '#lib/migrations/plaque-rewrites.ts';

type Item = Record<string, unknown>;

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

  run: ({ ctx, stage }): Promise<MigrationCounts> => rewriteEveryPlaque(ctx, (item) => plaqueChanges(item, stage)),
};
