// The first migration's conversion, item by item (pure): what it rewrites, that a second pass finds nothing, and that
// a record reads the same before and after it (reads convert old values on the fly, so clients never see a change).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromItem } from '#lib/db/plaque-repo.ts';
import { plaqueChanges } from '#lib/migrations/interface-enumerations.ts';
import { presentPlaque, type StageValues } from '#lib/plaques/plaque.ts';
import { tokenMetadata } from '#lib/partner/plaque-token.ts';
import { anOldPlaqueItem, oldMetadata } from './old-plaques.ts';

const STAGE: StageValues = {
  placeholderImage: 'https://media.example/plaques/placeholder.png',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};
const NOW = new Date('2026-01-01T00:00:00.000Z');

type Item = Record<string, unknown>;
const applied = (item: Item, stage = STAGE): Item => {
  const out = { ...item };
  for (const change of plaqueChanges(item, stage)) out[change.attribute] = change.to;
  return out;
};

describe('plaqueChanges', () => {
  it('converts every old value and fills every null, naming each old value for the conditional write', () => {
    const item = anOldPlaqueItem({ id: 7, condition: 'WORN', marketplace: 'SECONDARY' });
    expect(plaqueChanges(item, STAGE)).toEqual([
      { attribute: 'condition', from: 'WORN', to: 'USED' },
      { attribute: 'marketplace', from: 'SECONDARY', to: 'opensea' },
      { attribute: 'standard', from: 'ERC1155', to: 'ERC-1155' },
      { attribute: 'description', from: null, to: '' },
      { attribute: 'image', from: null, to: STAGE.placeholderImage },
      { attribute: 'contractAddress', from: null, to: STAGE.contractAddress },
    ]);
  });

  it.each([
    ['GOOD', 'USED'],
    ['WORN', 'USED'],
    ['VIRGIN', 'VIRGIN'],
    ['DAMAGED', 'DAMAGED'],
  ])('reads condition %s as %s', (old, now) => {
    expect(applied(anOldPlaqueItem({ condition: old })).condition).toBe(now);
  });

  it.each([
    ['PRIMARY', 'service'],
    ['SECONDARY', 'opensea'],
  ])('reads marketplace %s as %s', (old, now) => {
    expect(applied(anOldPlaqueItem({ marketplace: old })).marketplace).toBe(now);
  });

  it('keeps what the plaque has of its own and never touches updatedAt, the catalogue position or the state', () => {
    const item = anOldPlaqueItem({
      description: 'By the door',
      image: 'https://img.example/own.png',
      contractAddress: '0x0000000000000000000000000000000000000001',
    });
    const changed = plaqueChanges(item, STAGE).map((c) => c.attribute);
    expect(changed).toEqual(['condition', 'marketplace', 'standard']);
    expect(changed).not.toEqual(expect.arrayContaining(['updatedAt', 'catsk', 'status', 'reservationId', 'lockExpiresAt']));
  });

  it("converts a sold plaque's token metadata and gives it the plaque's image, as new sales do", () => {
    const item = anOldPlaqueItem({
      id: 9,
      condition: 'GOOD',
      marketplace: 'PRIMARY',
      status: 'SOLD',
      metadata: oldMetadata(9, 'OLD-0009', 'GOOD', 'PRIMARY'),
    });
    const metadata = applied(item).metadata as Item;
    expect(metadata).toMatchObject({
      image: STAGE.placeholderImage,
      attributes: expect.arrayContaining([
        { trait_type: 'Condition', value: 'USED' },
        { trait_type: 'Marketplace', value: 'service' },
      ]),
      properties: expect.objectContaining({ condition: 'USED', marketplace: 'service', plaqueId: 9 }),
    });
    // The same metadata a sale by this version writes for the converted plaque.
    expect(metadata).toEqual(tokenMetadata(fromItem(applied(item)), { placeholderImage: STAGE.placeholderImage, frontendUrl: null }));
  });

  it('finds nothing to change on a plaque written by this version', () => {
    const item = applied(anOldPlaqueItem({ metadata: oldMetadata(1, 'OLD-0001', 'GOOD', 'PRIMARY') }));
    expect(plaqueChanges(item, STAGE)).toEqual([]);
  });

  const oldValue = <T>(values: readonly T[]) => fc.constantFrom(...values);
  const storedArb = fc.record({
    condition: oldValue(['VIRGIN', 'GOOD', 'WORN', 'DAMAGED', 'USED']),
    marketplace: oldValue(['PRIMARY', 'SECONDARY', 'service', 'opensea']),
    standard: fc.option(oldValue(['ERC1155', 'ERC-1155']), { nil: null }),
    description: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
    image: fc.option(fc.constant('https://img.example/own.png'), { nil: null }),
    contractAddress: fc.option(fc.constant('0x0000000000000000000000000000000000000001'), { nil: null }),
    sold: fc.boolean(),
  });

  // Invariant: for a plaque in any mix of old and new values, the record a client reads is the same before and after
  // the migration rewrites it, and a second pass finds nothing left to change.
  it('reads the same before and after the rewrite, and converts nothing on a second pass', () => {
    fc.assert(
      fc.property(storedArb, fc.integer({ min: 1, max: 9999 }), (stored, id) => {
        const { sold, ...values } = stored;
        const item = anOldPlaqueItem({
          id,
          ...values,
          ...(sold && {
            status: 'SOLD',
            metadata: oldMetadata(id, `OLD-${String(id).padStart(4, '0')}`, stored.condition, stored.marketplace),
          }),
        });
        const after = applied(item);
        expect(plaqueChanges(after, STAGE)).toEqual([]);
        expect(presentPlaque(fromItem(after), NOW, STAGE)).toEqual(presentPlaque(fromItem(item), NOW, STAGE));
      }),
    );
  });
});
