// The records a listing page shows, held compactly: every stored plaque reads back exactly as it was put, whatever its
// values; a record is shown only in the version the index holds; the budget lets the least recently read go; and the
// snapshot's records part carries them to another process, whose codes may already differ.
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogRecords } from '#lib/plaques/catalog-records.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { aPlaque } from '../support/factories.ts';

const iso = fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2100-01-01T00:00:00.000Z'), noInvalidDate: true });
/** A time as stored: canonical ISO text, or another spelling an earlier writer may have stored. */
const storedTime = fc.oneof(
  iso.map((d) => d.toISOString()),
  iso.map((d) => d.toISOString().replace('.000Z', 'Z')),
  iso.map((d) => d.toISOString().replace('Z', '+00:00')),
);
const text = fc.string({ unit: 'grapheme', maxLength: 80 });

const aRecord = fc
  .record({
    id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    createdAt: storedTime,
    updatedAt: iso.map((d) => d.toISOString()),
    deletedAt: fc.option(storedTime),
    image: fc.option(fc.constantFrom('https://cdn.example/a.png', 'http://127.0.0.1:3000/_media/plaques/placeholder.png', 'x')),
    price: fc.oneof(fc.integer({ min: 0, max: 10 ** 9 }), fc.double({ min: 0, max: 1e9, noNaN: true })),
    currency: fc.constantFrom('USD', 'EUR'),
    marketplace: fc.constantFrom('service', 'opensea', 'PRIMARY'),
    tokenId: fc.option(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String)),
    mappedPlaqueId: fc.option(fc.integer({ min: 1, max: 10 ** 6 })),
    contractAddress: fc.option(fc.constantFrom('0x5FbDB2315678afecb367f032d93F642f64180aa3', '0x' + 'ab'.repeat(20))),
    featured: fc.boolean(),
    description: fc.option(text),
    metadata: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })),
    building_id: fc.option(fc.integer({ min: 1, max: 10 ** 6 })),
    wallet_address: fc.option(fc.constant('0x' + '1f'.repeat(20))),
    condition: fc.constantFrom('VIRGIN', 'USED', 'DAMAGED', 'GOOD'),
    assignAt: fc.option(storedTime),
    saleAt: fc.option(storedTime),
    featuredAt: fc.option(storedTime),
    mintedAt: fc.option(storedTime),
    status: fc.constantFrom('AVAILABLE', 'LOCKED', 'SOLD', 'MINTED'),
    minted: fc.boolean(),
    lockExpiresAt: fc.option(storedTime),
    reservationId: fc.option(fc.string({ maxLength: 40 })),
  })
  // What DynamoDB gives back: JSON's values (a stored number is never -0).
  .map((r) => JSON.parse(JSON.stringify(aPlaque(r as Partial<StoredPlaque>))) as StoredPlaque);

const versionOf = (record: StoredPlaque) => Date.parse(record.updatedAt);

describe('records held for pages', () => {
  it('reads back every stored plaque exactly as it was put, only in its own version', () => {
    fc.assert(
      fc.property(fc.array(aRecord, { minLength: 1, maxLength: 20 }), (records) => {
        const held = new CatalogRecords(Infinity);
        records.forEach((record, slot) => held.put(slot, record));
        records.forEach((record, slot) => {
          expect(held.get(slot, record.id, versionOf(record))).toEqual(record);
          expect(held.get(slot, record.id, versionOf(record) + 1)).toBeUndefined();
        });
      }),
      { numRuns: 200 },
    );
  });

  it('carries its records through the snapshot part into a store whose codes already differ', () => {
    fc.assert(
      fc.property(fc.array(aRecord, { minLength: 1, maxLength: 20 }), fc.array(aRecord, { maxLength: 5 }), (records, earlier) => {
        const writer = new CatalogRecords(Infinity);
        records.forEach((record, slot) => writer.put(slot, record));
        const ids = records.map((r) => r.id);
        const part = writer.exportPart((slot) => ids[slot]!);

        // The reader already holds other records (read by key before the part was taken), in slots after these.
        const reader = new CatalogRecords(Infinity);
        earlier.forEach((record, i) => reader.put(records.length + i, record));
        const slotOf = (id: number) => ids.lastIndexOf(id);
        const taken = reader.loadPart(part, slotOf, (slot) => versionOf(records[slot]!));
        // A repeated id names its last slot: the records of the other slots with that id are not the index's.
        expect(taken).toBe(new Set(ids).size);
        ids.forEach((id, slot) => {
          if (slotOf(id) === slot) expect(reader.get(slot, id, versionOf(records[slot]!))).toEqual(records[slot]);
        });
        earlier.forEach((record, i) => expect(reader.get(records.length + i, record.id, versionOf(record))).toEqual(record));
      }),
      { numRuns: 100 },
    );
  });

  it('takes from the part only the records in the version the index holds, and keeps newer ones it holds', () => {
    const old = aPlaque({ id: 1, price: 1 });
    const newer = aPlaque({ id: 1, price: 2, updatedAt: '2026-02-01T00:00:00.000Z' });
    const writer = new CatalogRecords(Infinity);
    writer.put(0, old);
    writer.put(1, aPlaque({ id: 2 }));
    const part = writer.exportPart((slot) => slot + 1);

    const reader = new CatalogRecords(Infinity);
    reader.put(0, newer);
    const versions = [versionOf(newer), Date.parse('2026-03-01T00:00:00.000Z')];
    expect(
      reader.loadPart(
        part,
        (id) => id - 1,
        (slot) => versions[slot]!,
      ),
    ).toBe(0);
    expect(reader.get(0, 1, versionOf(newer))).toEqual(newer);
    expect(reader.get(1, 2, versions[1]!)).toBeUndefined();
  });

  it('keeps within its budget by letting go of the records read least recently', () => {
    const one = aPlaque({ id: 1 });
    const probe = new CatalogRecords(Infinity);
    probe.put(0, one);
    const perRecord = probe.bytes;
    const held = new CatalogRecords(perRecord * 10.5);
    const records = Array.from({ length: 30 }, (_, i) => aPlaque({ id: i + 1 }));
    records.slice(0, 10).forEach((record, slot) => held.put(slot, record));
    // Slot 3 is read again and again while the rest arrive: it stays; the others of the first ten go first.
    for (let slot = 10; slot < 30; slot++) {
      expect(held.get(3, 4, versionOf(records[3]!))).toEqual(records[3]);
      held.put(slot, records[slot]!);
      expect(held.bytes).toBeLessThanOrEqual(perRecord * 10.5);
    }
    expect(held.count).toBe(10);
    expect(held.get(3, 4, versionOf(records[3]!))).toEqual(records[3]);
    expect(held.get(29, 30, versionOf(records[29]!))).toEqual(records[29]);
    expect(held.get(0, 1, versionOf(records[0]!))).toBeUndefined();
  });

  it('takes no record from a part of another format version', () => {
    const held = new CatalogRecords(Infinity);
    const other = new CatalogRecords(Infinity);
    other.put(0, aPlaque({ id: 1 }));
    const part = other.exportPart(() => 1);
    // Tamper with nothing but the version in the header line.
    const text = gunzipSync(part).toString('utf8').replace('{"v":1', '{"v":99');
    expect(
      held.loadPart(
        gzipSync(text),
        () => 0,
        () => versionOf(aPlaque({ id: 1 })),
      ),
    ).toBe(0);
    expect(held.count).toBe(0);
  });
});
