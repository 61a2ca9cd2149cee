// The catalogue snapshot: the listing's whole index in one compact binary object (columns, names and the sorted
// orders as raw typed arrays behind a small JSON header), so a cold function loads it instead of reading the
// catalogue index, then reads only the index rows newer than the snapshot. The records pages show are a second object
// beside it (catalog-records.ts), fetched alongside and taken after the index.
import { gunzipSync, gzipSync } from 'node:zlib';
import { gunzipOffLoop, gzipOffLoop } from '#lib/plaques/catalog-compression.ts';
import {
  CODED_FIELDS,
  ORDERED_FIELDS,
  TIME_FIELDS,
  type CodedField,
  type IndexParts,
  type OrderedField,
  type TimeField,
} from '#lib/plaques/catalog-fields.ts';
import { NAME_WIDTH } from '#lib/plaques/catalog-names.ts';

const MAGIC = 'PLQCAT02';
const VERSION = 2;
/** The records object's format this snapshot's `recordsHeld` counts in (catalog-records.ts); another counts as none. */
const RECORDS_FORMAT = 2;

export interface CatalogSnapshot {
  parts: IndexParts;
  /** Index position (`updatedAt#id`) of the newest row the snapshot holds. */
  lastKey: string | null;
  /** Epoch ms the snapshot's last sync started: rows written before it (less the visibility lag) are in it. */
  syncedAt: number;
  /** Epoch ms the snapshot was made. */
  writtenAt: number;
  /**
   * Records the snapshot's records object (catalog-records.ts, written just before it) holds in this index's version:
   * the index's size once the writer has read them all; 0 in snapshots of earlier versions, which had none.
   */
  recordsHeld: number;
}

interface Section {
  name: string;
  type: 'i32' | 'f64' | 'u8';
  offset: number;
  length: number;
}

interface Header {
  version: number;
  size: number;
  lastKey: string | null;
  syncedAt: number;
  writtenAt: number;
  recordsHeld?: number;
  recordsFormat?: number;
  dictionaries: Record<CodedField, string[]>;
  /** The currency codes' values (absent in snapshots written before the index held currencies). */
  currencies?: string[];
  oddNames: [number, string][];
  valued: Record<OrderedField, number>;
  sections: Section[];
}

type Typed = Int32Array | Float64Array | Uint8Array;

/** Encodes a snapshot: gzip (fastest level) of a header and 8-byte-aligned sections. */
export const encodeSnapshot = (snapshot: CatalogSnapshot): Uint8Array => gzipSync(packSnapshot(snapshot), { level: 1 });

/** The same, compressed off the event loop (the snapshot writer, which may share its process with a server). */
export const encodeSnapshotAsync = (snapshot: CatalogSnapshot): Promise<Uint8Array> => gzipOffLoop(packSnapshot(snapshot));

/** Decodes a snapshot; a file of another format or version is refused (the listing then reads the index instead). */
export const decodeSnapshot = (compressed: Uint8Array): CatalogSnapshot => unpackSnapshot(gunzipSync(compressed));

/** The same, inflated off the event loop. */
export const decodeSnapshotAsync = async (compressed: Uint8Array): Promise<CatalogSnapshot> =>
  unpackSnapshot(await gunzipOffLoop(compressed));

/** The header and sections, uncompressed. */
function packSnapshot(snapshot: CatalogSnapshot): Buffer {
  const { parts } = snapshot;
  const holdSlots = Int32Array.from(parts.holds.map(([slot]) => slot));
  const holdExpires = Float64Array.from(parts.holds.map(([, at]) => at));
  const arrays: [string, Typed][] = [
    ['ids', parts.ids],
    ['price', parts.price],
    ...(parts.currency ? [['currency', parts.currency.codes] as [string, Typed]] : []),
    ...TIME_FIELDS.map((f): [string, Typed] => [`time.${f}`, parts.times[f]]),
    ...CODED_FIELDS.map((f): [string, Typed] => [`code.${f}`, parts.coded[f]]),
    ['flags', parts.flags],
    ['names', parts.names],
    ...ORDERED_FIELDS.map((f): [string, Typed] => [`order.${f}`, parts.orders[f].slots]),
    ['holds.slots', holdSlots],
    ['holds.expires', holdExpires],
  ];
  const sections: Section[] = [];
  let offset = 0;
  for (const [name, array] of arrays) {
    const type = array instanceof Int32Array ? 'i32' : array instanceof Float64Array ? 'f64' : 'u8';
    sections.push({ name, type, offset, length: array.length });
    offset += Math.ceil(array.byteLength / 8) * 8;
  }
  const header: Header = {
    version: VERSION,
    size: parts.size,
    lastKey: snapshot.lastKey,
    syncedAt: snapshot.syncedAt,
    writtenAt: snapshot.writtenAt,
    recordsHeld: snapshot.recordsHeld,
    recordsFormat: RECORDS_FORMAT,
    dictionaries: parts.dictionaries,
    ...(parts.currency && { currencies: parts.currency.values }),
    oddNames: parts.oddNames,
    valued: Object.fromEntries(ORDERED_FIELDS.map((f) => [f, parts.orders[f].valued])) as Record<OrderedField, number>,
    sections,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const prefix = 8 + 4;
  const bodyStart = Math.ceil((prefix + headerBytes.length) / 8) * 8;
  const out = Buffer.alloc(bodyStart + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(out, prefix);
  arrays.forEach(([, array], i) => {
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, bodyStart + sections[i]!.offset);
  });
  return out;
}

class SnapshotFormatError extends Error {}

function unpackSnapshot(inflated: Buffer): CatalogSnapshot {
  let bytes = inflated;
  // Typed views need 8-byte alignment; a small result may sit at any offset of Node's buffer pool.
  if (bytes.byteOffset % 8 !== 0) bytes = Buffer.from(Uint8Array.prototype.slice.call(bytes).buffer);
  if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) throw new SnapshotFormatError('not a catalogue snapshot');
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as Header;
  if (header.version !== VERSION) throw new SnapshotFormatError(`snapshot version ${header.version} is not ${VERSION}`);
  const bodyStart = Math.ceil((12 + headerLength) / 8) * 8;
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const view = (name: string): Typed => {
    const s = byName.get(name);
    if (!s) throw new SnapshotFormatError(`snapshot section ${name} is missing`);
    const start = bytes.byteOffset + bodyStart + s.offset;
    // Views over the decompressed buffer (its sections are 8-byte aligned); CatalogIndex.fromParts copies them.
    if (s.type === 'i32') return new Int32Array(bytes.buffer, start, s.length);
    if (s.type === 'f64') return new Float64Array(bytes.buffer, start, s.length);
    return new Uint8Array(bytes.buffer, start, s.length);
  };
  const holdSlots = view('holds.slots') as Int32Array;
  const holdExpires = view('holds.expires') as Float64Array;
  const parts: IndexParts = {
    size: header.size,
    dictionaries: header.dictionaries,
    oddNames: header.oddNames,
    holds: Array.from(holdSlots, (slot, i): [number, number] => [slot, holdExpires[i]!]),
    ids: view('ids') as Int32Array,
    price: view('price') as Float64Array,
    ...(header.currencies && byName.has('currency') && { currency: { codes: view('currency') as Uint8Array, values: header.currencies } }),
    times: Object.fromEntries(TIME_FIELDS.map((f) => [f, view(`time.${f}`)])) as Record<TimeField, Float64Array>,
    coded: Object.fromEntries(CODED_FIELDS.map((f) => [f, view(`code.${f}`)])) as Record<CodedField, Uint8Array>,
    flags: view('flags') as Uint8Array,
    names: view('names') as Uint8Array,
    orders: Object.fromEntries(
      ORDERED_FIELDS.map((f) => [f, { slots: view(`order.${f}`) as Int32Array, valued: header.valued[f] }]),
    ) as IndexParts['orders'],
  };
  if (parts.names.length !== parts.size * NAME_WIDTH) throw new SnapshotFormatError('snapshot name table does not match its size');
  return {
    parts,
    lastKey: header.lastKey,
    syncedAt: header.syncedAt,
    writtenAt: header.writtenAt,
    // Records objects of an earlier format (snapshots of earlier versions have none) count as holding none.
    recordsHeld: header.recordsFormat === RECORDS_FORMAT ? (header.recordsHeld ?? 0) : 0,
  };
}
