// The records a listing page shows, held compactly: every stored plaque reads back exactly as it was put, whatever its
// values; a record is shown only in the version the index holds; the budget lets the least recently read go; and the
// records object beside the snapshot carries them to another process, whose codes may already differ.
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { blockedParts } from '#lib/plaques/catalog-compression.ts';
import { CatalogRecords, type OpenedRecords } from '#lib/plaques/catalog-records.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import { aPlaque } from '../support/factories.ts';

// Before 1970 and past 9999 as well: the records' own formatting of times covers 1970 to 9999 and leaves the rest to Date.
const iso = fc.oneof(
  fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2100-01-01T00:00:00.000Z'), noInvalidDate: true }),
  fc.date({ min: new Date('1900-01-01T00:00:00.000Z'), max: new Date('+010001-01-01T00:00:00.000Z'), noInvalidDate: true }),
  fc.constantFrom(new Date(0), new Date(-1), new Date('9999-12-31T23:59:59.999Z'), new Date('+010000-01-01T00:00:00.000Z')),
);
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

/** The records object of `records`, each in its own slot, ids 1, 2, … in slot order (and the writer that made it). */
async function objectOf(records: readonly StoredPlaque[]) {
  const writer = new CatalogRecords(Infinity);
  records.forEach((record, slot) => writer.put(slot, record));
  const { bytes } = await writer.exportPart(
    records.length,
    (slot) => slot + 1,
    (slot) => versionOf(records[slot]!),
    1,
  );
  return { bytes, writer };
}

/** Opens `part` and takes it into `reader` (0 when it is not taken: another format, or not newer than `newerThan`). */
async function takePart(
  reader: CatalogRecords,
  part: Uint8Array,
  slotOf: (id: number) => number,
  versionOf: (slot: number) => number,
  newerThan?: number,
): Promise<number> {
  const object = await reader.open(part, newerThan);
  return object === null ? 0 : reader.take(object, slotOf, versionOf);
}

/** Takes an opened object into `reader` for an index that holds `records` as objectOf wrote them. */
const takeAsWritten = (reader: CatalogRecords, object: OpenedRecords, records: readonly StoredPlaque[]) =>
  reader.take(
    object,
    (id) => id - 1,
    (slot) => versionOf(records[slot]!),
  );

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

  it('carries its records through the records object into a store whose codes already differ', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(aRecord, { minLength: 1, maxLength: 20 }),
        fc.array(aRecord, { maxLength: 5 }),
        async (records, earlier) => {
          const writer = new CatalogRecords(Infinity);
          records.forEach((record, slot) => writer.put(slot, record));
          const ids = records.map((r) => r.id);
          const { bytes: part, held } = await writer.exportPart(
            records.length,
            (slot) => ids[slot]!,
            (slot) => versionOf(records[slot]!),
            1,
          );
          expect(held).toBe(records.length);

          // The reader already holds other records (read by key before the object was taken), in slots after these.
          const reader = new CatalogRecords(Infinity);
          earlier.forEach((record, i) => reader.put(records.length + i, record));
          const slotOf = (id: number) => ids.lastIndexOf(id);
          const taken = await takePart(reader, part, slotOf, (slot) => versionOf(records[slot]!));
          // A repeated id names its last slot: the records of the other slots with that id are not the index's.
          expect(taken).toBe(new Set(ids).size);
          ids.forEach((id, slot) => {
            if (slotOf(id) === slot) expect(reader.get(slot, id, versionOf(records[slot]!))).toEqual(records[slot]);
          });
          earlier.forEach((record, i) => expect(reader.get(records.length + i, record.id, versionOf(record))).toEqual(record));
          // What it holds, taken and read by key alike, goes out again whole.
          const again = await reader.exportPart(
            records.length + earlier.length,
            (slot) => (slot < records.length ? ids[slot]! : earlier[slot - records.length]!.id),
            (slot) => versionOf(slot < records.length ? records[slot]! : earlier[slot - records.length]!),
            2,
          );
          const third = new CatalogRecords(Infinity);
          const allIds = [...ids, ...earlier.map((r) => r.id)];
          const all = [...records, ...earlier];
          expect(
            await takePart(
              third,
              again.bytes,
              (id) => allIds.lastIndexOf(id),
              (slot) => versionOf(all[slot]!),
            ),
          ).toBe(new Set(allIds).size);
          allIds.forEach((id, slot) => {
            if (allIds.lastIndexOf(id) === slot && reader.holds(slot, id, versionOf(all[slot]!))) {
              expect(third.get(slot, id, versionOf(all[slot]!))).toEqual(all[slot]);
            }
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('takes from the object only the records in the version the index holds, and keeps newer ones it holds', async () => {
    const old = aPlaque({ id: 1, price: 1 });
    const newer = aPlaque({ id: 1, price: 2, updatedAt: '2026-02-01T00:00:00.000Z' });
    const other = aPlaque({ id: 2 });
    const writer = new CatalogRecords(Infinity);
    writer.put(0, old);
    writer.put(1, other);
    const { bytes: part } = await writer.exportPart(
      2,
      (slot) => slot + 1,
      (slot) => versionOf([old, other][slot]!),
      1,
    );

    const reader = new CatalogRecords(Infinity);
    reader.put(0, newer);
    const versions = [versionOf(newer), Date.parse('2026-03-01T00:00:00.000Z')];
    expect(
      await takePart(
        reader,
        part,
        (id) => id - 1,
        (slot) => versions[slot]!,
      ),
    ).toBe(0);
    expect(reader.get(0, 1, versionOf(newer))).toEqual(newer);
    expect(reader.get(1, 2, versions[1]!)).toBeUndefined();
  });

  it('takes an object again only when it was written after the one it holds, and a record read by key replaces its own', async () => {
    const records = [aPlaque({ id: 1 }), aPlaque({ id: 2 })];
    const writer = new CatalogRecords(Infinity);
    records.forEach((record, slot) => writer.put(slot, record));
    const exportAt = (writtenAt: number) =>
      writer.exportPart(
        2,
        (slot) => slot + 1,
        (slot) => versionOf(records[slot]!),
        writtenAt,
      );
    const reader = new CatalogRecords(Infinity);
    const take = async (writtenAt: number, newerThan?: number) =>
      takePart(
        reader,
        (await exportAt(writtenAt)).bytes,
        (id) => id - 1,
        (slot) => versionOf(records[slot]!),
        newerThan,
      );
    expect(await take(100)).toBe(2);
    expect(reader.takenWrittenAt).toBe(100);
    expect(await take(100, 100)).toBe(0);
    expect(reader.takenWrittenAt).toBe(100);
    expect(await take(200, 100)).toBe(2);
    expect(reader.count).toBe(2);
    const changed = { ...records[0]!, price: 99, updatedAt: '2026-05-01T00:00:00.000Z' };
    reader.put(0, changed);
    expect(reader.count).toBe(2);
    expect(reader.get(0, 1, versionOf(changed))).toEqual(changed);
    expect(reader.get(0, 1, versionOf(records[0]!))).toBeUndefined();
  });

  it("finds an opened object's records by id as soon as it is taken, before it has counted them", async () => {
    // More records than one turn of the count: the count goes on over later turns.
    const records = Array.from({ length: 30_000 }, (_, i) => aPlaque({ id: i + 1, price: i }));
    const { bytes } = await objectOf(records);
    const reader = new CatalogRecords(Infinity);
    const object = (await reader.open(bytes))!;
    const last = records.at(-1)!;
    expect(reader.get(29_999, last.id, versionOf(last))).toBeUndefined();
    const counting = takeAsWritten(reader, object, records);
    expect(reader.get(29_999, last.id, versionOf(last))).toEqual(last);
    // Read by key meanwhile, in a newer version: it wins, and the object's own is neither shown nor counted.
    const changed = { ...last, price: 1, updatedAt: '2027-01-01T00:00:00.000Z' };
    reader.put(29_999, changed);
    expect(await counting).toBe(29_999);
    expect(reader.count).toBe(30_000);
    expect(reader.get(29_999, last.id, versionOf(last))).toBeUndefined();
    expect(reader.get(29_999, last.id, versionOf(changed))).toEqual(changed);
    expect(reader.get(0, 1, versionOf(records[0]!))).toEqual(records[0]);
  });

  it('reads records from their blocks while the texts are inflated, then from the texts; an object of one piece as well', async () => {
    const records = Array.from({ length: 600 }, (_, i) =>
      aPlaque({ id: i + 1, price: i, description: `Plaque ${i} ${'x'.repeat(i % 90)}` }),
    );
    const { bytes } = await objectOf(records);
    const everyRecord = (reader: CatalogRecords) =>
      records.every((record, slot) => isDeepStrictEqual(reader.get(slot, record.id, versionOf(record)), record));

    const reader = new CatalogRecords(Infinity);
    const object = (await reader.open(bytes))!;
    expect(object.text).toBeNull();
    expect(object.pending!.entries.length).toBeGreaterThan(1);
    await takeAsWritten(reader, object, records);
    expect(everyRecord(reader)).toBe(true);
    expect(object.pending!.made.size).toBe(object.pending!.entries.length);
    await object.inflated;
    expect(object.pending).toBeNull();
    expect(everyRecord(reader)).toBe(true);

    // As an object written before blocks: one gzip member of the same bytes.
    const onePiece = new CatalogRecords(Infinity);
    const whole = (await onePiece.open(gzipSync(gunzipSync(bytes))))!;
    expect(whole.pending).toBeNull();
    await takeAsWritten(onePiece, whole, records);
    expect(everyRecord(onePiece)).toBe(true);
  });

  it('takes no record from an object whose texts are damaged, and throws on none', async () => {
    const records = Array.from({ length: 300 }, (_, i) => aPlaque({ id: i + 1, description: `Plaque ${i} ${'y'.repeat(i % 70)}` }));
    const { bytes } = await objectOf(records);
    const damaged = Buffer.from(bytes);
    const { head } = blockedParts(damaged)!;
    // Every third byte of the texts' deflate data, the trailer aside.
    for (let at = head.length + 12; at < damaged.length - 8; at += 3) damaged[at] = damaged[at]! ^ 0x5a;
    const reader = new CatalogRecords(Infinity);
    const object = (await reader.open(damaged))!;
    await takeAsWritten(reader, object, records);
    await object.inflated;
    expect(object.text).toBeNull();
    expect(records.filter((record, slot) => reader.get(slot, record.id, versionOf(record)) !== undefined)).toEqual([]);
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

  it('takes of an object beyond its share of the budget its first records only', async () => {
    const records = Array.from({ length: 100 }, (_, i) => aPlaque({ id: i + 1 }));
    const { bytes: part, writer } = await objectOf(records);
    const budget = writer.bytes / 4;
    const held = new CatalogRecords(budget);
    const taken = await takePart(
      held,
      part,
      (id) => id - 1,
      (slot) => versionOf(records[slot]!),
    );
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(100);
    expect(held.bytes).toBeLessThanOrEqual(budget);
    expect(held.get(0, 1, versionOf(records[0]!))).toEqual(records[0]);
    expect(held.get(99, 100, versionOf(records[99]!))).toBeUndefined();
  });

  it('takes no record from an object of another format', async () => {
    const held = new CatalogRecords(Infinity);
    const other = new CatalogRecords(Infinity);
    const record = aPlaque({ id: 1 });
    other.put(0, record);
    const { bytes: part } = await other.exportPart(
      1,
      () => 1,
      () => versionOf(record),
      1,
    );
    // Tamper with nothing but the format's mark.
    const bytes = gunzipSync(part);
    bytes.write('PLQREC99', 0, 'latin1');
    expect(
      await takePart(
        held,
        gzipSync(bytes),
        () => 0,
        () => versionOf(record),
      ),
    ).toBe(0);
    expect(held.count).toBe(0);
    // The line format of earlier versions is another format too.
    expect(
      await takePart(
        held,
        gzipSync(`{"v":1,"strings":[]}\n1\t${versionOf(record)}\t[]`),
        () => 0,
        () => versionOf(record),
      ),
    ).toBe(0);
  });
});
