// The records a listing page shows, held compactly beside the catalogue index (catalog-index.ts): one short text per
// plaque, by the index's slot, with the version (`updatedAt`) it was read at. A page takes its records from here when
// their version is the index's, so a warm listing reads no record by key; the snapshot carries them (a second part
// after the index's), and the listing's refresh reads by key only the records that changed. See docs/listing.md.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';

/** How a field is held: as is, as a millisecond time when its text is canonical, or as a code into shared strings. */
type Kind = 'plain' | 'time' | 'shared';

/** Every field of a stored plaque but its id (the slot's), in the order of the text, and how each is held. */
const FIELDS: readonly (readonly [Exclude<keyof StoredPlaque, 'id'>, Kind])[] = [
  ['createdAt', 'time'],
  ['updatedAt', 'time'],
  ['deletedAt', 'time'],
  ['name', 'plain'],
  ['alphabetPart', 'plain'],
  ['numberPart', 'plain'],
  ['image', 'shared'],
  ['price', 'plain'],
  ['currency', 'shared'],
  ['marketplace', 'shared'],
  ['tokenId', 'plain'],
  ['mappedPlaqueId', 'plain'],
  ['contractAddress', 'shared'],
  ['featured', 'plain'],
  ['description', 'plain'],
  ['standard', 'shared'],
  ['metadata', 'plain'],
  ['building_id', 'plain'],
  ['wallet_address', 'plain'],
  ['condition', 'shared'],
  ['assignAt', 'time'],
  ['saleAt', 'time'],
  ['featuredAt', 'time'],
  ['mintedAt', 'time'],
  ['status', 'shared'],
  ['minted', 'plain'],
  ['lockExpiresAt', 'time'],
  ['reservationId', 'plain'],
];

/** Bytes a held record costs beyond its text's characters (the string's header and its slot in the array). */
const PER_RECORD_OVERHEAD = 32;
const PART_VERSION = 1;
const NEWLINE = 0x0a;
const TAB = 0x09;

/** Grows a typed array to at least `size` entries (doubling), keeping its contents. */
function grown<T extends Float64Array | Uint8Array>(array: T, size: number, make: (n: number) => T): T {
  if (size <= array.length) return array;
  const next = make(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

export class CatalogRecords {
  private texts: (string | undefined)[] = [];
  /** `updatedAt` (epoch ms) of the record held in each slot; NaN where none is held. */
  private versions = new Float64Array(0);
  /** The clock's reference bits: set when a record is read, cleared as the hand passes. */
  private referenced = new Uint8Array(0);
  private hand = 0;
  private strings: string[] = [];
  private codes = new Map<string, number>();
  /** Estimated bytes the held records take (their texts plus a fixed overhead each). */
  bytes = 0;
  /** Records held. */
  count = 0;

  /** `budgetBytes`: the most the records may take; past it the least recently read records are let go. */
  constructor(private readonly budgetBytes: number) {}

  /** The record held for `slot` (plaque `id`), when it is the version `version` (epoch ms of its `updatedAt`). */
  get(slot: number, id: number, version: number): StoredPlaque | undefined {
    if (this.versions[slot] !== version) return undefined;
    const text = this.texts[slot];
    if (text === undefined) return undefined;
    this.referenced[slot] = 1;
    return this.decode(id, JSON.parse(text) as unknown[]);
  }

  /** Holds `record` for `slot`, replacing what was held there. */
  put(slot: number, record: StoredPlaque): void {
    this.hold(slot, Date.parse(record.updatedAt), JSON.stringify(this.encode(record)));
  }

  /** Lets every record go. */
  clear(): void {
    this.texts = [];
    this.versions.fill(NaN);
    this.referenced.fill(0);
    this.bytes = 0;
    this.count = 0;
  }

  /** Whether `slot` holds the record of version `version`. */
  holds(slot: number, version: number): boolean {
    return this.versions[slot] === version && this.texts[slot] !== undefined;
  }

  private hold(slot: number, version: number, text: string): void {
    this.versions = grown(this.versions, slot + 1, (n) => new Float64Array(n).fill(NaN));
    this.referenced = grown(this.referenced, slot + 1, (n) => new Uint8Array(n));
    const before = this.texts[slot];
    if (before !== undefined) {
      this.bytes -= before.length + PER_RECORD_OVERHEAD;
      this.count--;
    }
    this.texts[slot] = text;
    this.versions[slot] = version;
    this.referenced[slot] = 1;
    this.bytes += text.length + PER_RECORD_OVERHEAD;
    this.count++;
    if (this.bytes > this.budgetBytes) this.evict(slot);
  }

  /** The clock: the hand lets go of records not read since it last passed, until the records fit the budget. */
  private evict(keep: number): void {
    const slots = this.texts.length;
    for (let passes = 0; this.bytes > this.budgetBytes && passes < 2 * slots; passes++) {
      const slot = this.hand;
      this.hand = (this.hand + 1) % slots;
      const text = this.texts[slot];
      if (text === undefined || slot === keep) continue;
      if (this.referenced[slot] === 1) {
        this.referenced[slot] = 0;
        continue;
      }
      this.texts[slot] = undefined;
      this.versions[slot] = NaN;
      this.bytes -= text.length + PER_RECORD_OVERHEAD;
      this.count--;
    }
  }

  private code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.strings.length;
      this.strings.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  private encode(record: StoredPlaque): unknown[] {
    return FIELDS.map(([field, kind]) => {
      const value = (record as unknown as Record<string, unknown>)[field] ?? null;
      if (value === null || typeof value !== 'string') return value;
      if (kind === 'shared') return this.code(value);
      if (kind === 'time') {
        const ms = Date.parse(value);
        return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : value;
      }
      return value;
    });
  }

  private decode(id: number, values: readonly unknown[]): StoredPlaque {
    const record: Record<string, unknown> = { id };
    FIELDS.forEach(([field, kind], i) => {
      const value = values[i];
      if (typeof value !== 'number' || kind === 'plain') record[field] = value;
      else record[field] = kind === 'shared' ? this.strings[value] : new Date(value).toISOString();
    });
    return record as unknown as StoredPlaque;
  }

  /**
   * The held records as the snapshot's second part: gzip of a header line (the shared strings) and one line per
   * record, `<id>\t<version>\t<text>`. `idOf` names each slot's plaque.
   */
  exportPart(idOf: (slot: number) => number): Uint8Array {
    const lines = [JSON.stringify({ v: PART_VERSION, strings: this.strings })];
    this.texts.forEach((text, slot) => {
      if (text !== undefined) lines.push(`${idOf(slot)}\t${this.versions[slot]}\t${text}`);
    });
    return gzipSync(lines.join('\n'), { level: 1 });
  }

  /**
   * Takes the records of a snapshot's second part whose version is the index's (`slotOf` finds a plaque's slot, -1 when
   * the index has none; `versionOf` gives the index's version of a slot). A slot already holding its current record
   * keeps it. Returns the records taken; a part of another format takes none.
   */
  loadPart(part: Uint8Array, slotOf: (id: number) => number, versionOf: (slot: number) => number): number {
    // Each record is cut from the bytes as a string of its own: slices of one large text would keep all of it alive,
    // and one character beyond Latin-1 anywhere would make every record take two bytes a character.
    const bytes = gunzipSync(part);
    const headerEnd = bytes.indexOf(NEWLINE);
    if (headerEnd < 0) return 0;
    const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as { v?: number; strings?: string[] };
    if (header.v !== PART_VERSION || !Array.isArray(header.strings)) return 0;
    // Codes are the part's: where this store has given codes already, a record is re-coded into this store's.
    const codes = header.strings.map((s) => this.code(s));
    const same = codes.every((code, i) => code === i);
    let taken = 0;
    for (let start = headerEnd + 1; start < bytes.length;) {
      let end = bytes.indexOf(NEWLINE, start);
      if (end < 0) end = bytes.length;
      const tab1 = bytes.indexOf(TAB, start);
      const tab2 = bytes.indexOf(TAB, tab1 + 1);
      const id = Number(bytes.toString('latin1', start, tab1));
      const version = Number(bytes.toString('latin1', tab1 + 1, tab2));
      const slot = slotOf(id);
      if (slot >= 0 && versionOf(slot) === version && !this.holds(slot, version)) {
        const text = bytes.toString('utf8', tab2 + 1, end);
        this.hold(slot, version, same ? text : JSON.stringify(this.recode(JSON.parse(text) as unknown[], codes)));
        taken++;
      }
      start = end + 1;
    }
    return taken;
  }

  private recode(values: unknown[], codes: number[]): unknown[] {
    return values.map((value, i) => (FIELDS[i]![1] === 'shared' && typeof value === 'number' ? codes[value] : value));
  }
}
