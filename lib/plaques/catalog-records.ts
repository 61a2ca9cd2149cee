// The records a listing page shows, held compactly beside the catalogue index (catalog-index.ts), by the index's slot,
// each with the version (`updatedAt`) it was read at: a page takes a record from here only in the index's version. Two
// layers: the records object beside the snapshot, taken whole (one buffer of every record's text, found by plaque id
// and decoded only when a page shows the record, so taking it costs no work per record on the event loop but one pass
// over its ids; until that buffer is inflated a record is read from its block alone), and the records read by key
// since (one short text each, the least recently read let go past the budget). See docs/listing.md.
import {
  blockedParts,
  gunzipInWorker,
  gunzipOffLoop,
  gzipInBlocks,
  inflateBlock,
  type BlockedParts,
} from '#lib/plaques/catalog-compression.ts';
import { SlotsById } from '#lib/plaques/catalog-slots-by-id.ts';
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

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from here toISOString writes a six-digit year. */
const END_OF_9999 = 253_402_300_800_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()` for whole milliseconds from 1970 to 9999, three times as fast (a record shows four or
 * five times): the civil date from the day count (H. Hinnant's days-to-civil), then the time of day.
 */
function isoTime(ms: number): string {
  if (!(ms >= 0 && ms < END_OF_9999) || ms % 1 !== 0) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // Days since 0000-03-01, in eras of 400 years (146 097 days); the year starts in March, so February ends it.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const fraction = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`;
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${fraction}Z`;
}

/** Bytes a record read by key costs beyond its text's characters (the string's header and its slot in the array). */
const PER_RECORD_OVERHEAD = 32;
/** Bytes a record of the records object costs beyond its text: id, version, end offset, its id's entry and its mark. */
const PER_ENTRY_OVERHEAD = 21;
/** Share of the budget the records object may take; past it only its first records are kept. */
const OBJECT_SHARE = 0.75;
/** Entries counted against the index per turn of the event loop once an object is taken. */
const COUNT_CHUNK = 25_000;
const MAGIC = 'PLQREC02';
/** Compressed bytes from which an object of one piece is inflated in a worker thread (about 50 000 records). */
const WORKER_FROM = 4 * 2 ** 20;
/** Text a block of the records object holds at least (it ends with the first record past it): about 85 records. */
const BLOCK_BYTES = 16 * 2 ** 10;
/** Blocks an object still being inflated keeps inflated for the pages that read them (the least recently made go). */
const BLOCKS_KEPT = 256;

/** The records object's header, after the magic and its own length. */
interface PartHeader {
  /** The shared strings the records' codes point into. */
  strings: string[];
  count: number;
  /** Epoch ms the object was written. */
  writtenAt: number;
  /**
   * Where the texts' blocks are (objects written before blocks have none): each block's first entry, and where it starts
   * in the deflate data of the object's second gzip member (catalog-compression.ts, gzipInBlocks).
   */
  blocks?: { entries: number[]; starts: number[] };
}

/** The blocks of an object whose texts are still being inflated: each read alone meanwhile. */
interface PendingBlocks {
  entries: number[];
  starts: number[];
  deflated: Uint8Array;
  /** Blocks inflated already, by block, in the order they were made. */
  made: Map<number, Buffer>;
}

/**
 * A records object as opened (inflated, its entries found by id; not yet taken): every record's text in one buffer,
 * and per entry its id, version and end offset.
 */
export interface OpenedRecords {
  /** Null while the texts are still being inflated (`pending` reads them block by block), or if they cannot be. */
  text: Buffer | null;
  pending: PendingBlocks | null;
  /** Resolves once the texts are in (or are known unreadable: the entries then are none). */
  inflated: Promise<void>;
  ids: Int32Array;
  versions: Float64Array;
  ends: Uint32Array;
  /** Each plaque id's entry (-1 once a record read by key replaced it). */
  entries: SlotsById;
  /** 1 where an entry is counted among the held records (its version was the index's when it was taken). */
  counted: Uint8Array;
  /** The shared strings its records' codes point into. */
  strings: string[];
  writtenAt: number;
  bytes: number;
}

/** Grows a typed array to at least `size` entries (doubling), keeping its contents. */
function grown<T extends Float64Array | Uint8Array | Int32Array>(array: T, size: number, make: (n: number) => T): T {
  if (size <= array.length) return array;
  const next = make(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CatalogRecords {
  /** Records read by key, by slot, with the version each was read at (NaN where none is held). */
  private texts: (string | undefined)[] = [];
  private versions = new Float64Array(0);
  /** The clock's reference bits over the records read by key: set when one is read, cleared as the hand passes. */
  private referenced = new Uint8Array(0);
  private hand = 0;
  private strings: string[] = [];
  private codes = new Map<string, number>();
  private taken: OpenedRecords | null = null;
  /** Entries of the taken object counted as held (in the index's version when taken, not replaced since). */
  private entries = 0;
  private readBytes = 0;
  private readCount = 0;

  /** `budgetBytes`: the most the records may take; past it the least recently read records are let go. */
  constructor(private readonly budgetBytes: number) {}

  /** Estimated bytes the held records take. */
  get bytes(): number {
    return this.readBytes + (this.taken?.bytes ?? 0);
  }

  /** Records held. */
  get count(): number {
    return this.readCount + this.entries;
  }

  /** When the records object taken last was written (epoch ms), null before any. */
  get takenWrittenAt(): number | null {
    return this.taken?.writtenAt ?? null;
  }

  /** The record held for `slot` (plaque `id`), when it is the version `version` (epoch ms of its `updatedAt`). */
  get(slot: number, id: number, version: number): StoredPlaque | undefined {
    const text = this.textOf(slot, id, version);
    if (text === undefined) return undefined;
    if (this.versions[slot] === version) this.referenced[slot] = 1;
    try {
      return this.decode(id, JSON.parse(text) as unknown[]);
    } catch {
      return undefined;
    }
  }

  /** Whether `slot` (plaque `id`) holds the record of version `version`. */
  holds(slot: number, id: number, version: number): boolean {
    return (this.versions[slot] === version && this.texts[slot] !== undefined) || this.entryAt(id, version) >= 0;
  }

  /** Holds `record` for `slot`, replacing what was held there. */
  put(slot: number, record: StoredPlaque): void {
    this.versions = grown(this.versions, slot + 1, (n) => new Float64Array(n).fill(NaN));
    this.referenced = grown(this.referenced, slot + 1, (n) => new Uint8Array(n));
    const taken = this.taken;
    const entry = taken ? taken.entries.slotOf(record.id) : -1;
    if (entry >= 0) {
      taken!.entries.map(record.id, -1, taken!.ids.length);
      if (taken!.counted[entry] === 1) {
        taken!.counted[entry] = 0;
        this.entries--;
      }
    }
    const text = JSON.stringify(this.encode(record));
    const before = this.texts[slot];
    if (before !== undefined) {
      this.readBytes -= before.length + PER_RECORD_OVERHEAD;
      this.readCount--;
    }
    this.texts[slot] = text;
    this.versions[slot] = Date.parse(record.updatedAt);
    this.referenced[slot] = 1;
    this.readBytes += text.length + PER_RECORD_OVERHEAD;
    this.readCount++;
    if (this.bytes > this.budgetBytes) this.evict(slot);
  }

  /** Lets every record go. */
  clear(): void {
    this.texts = [];
    this.versions.fill(NaN);
    this.referenced.fill(0);
    this.readBytes = 0;
    this.readCount = 0;
    this.taken = null;
    this.entries = 0;
  }

  /** The taken object's entry of plaque `id` in version `version`, or -1. */
  private entryAt(id: number, version: number): number {
    const taken = this.taken;
    if (taken === null || (taken.text === null && taken.pending === null)) return -1;
    const entry = taken.entries.slotOf(id);
    return entry >= 0 && taken.versions[entry] === version ? entry : -1;
  }

  private textOf(slot: number, id: number, version: number): string | undefined {
    if (this.versions[slot] === version && this.texts[slot] !== undefined) return this.texts[slot];
    const entry = this.entryAt(id, version);
    return entry < 0 ? undefined : entryBytes(this.taken!, entry)?.toString('utf8');
  }

  /** The clock: the hand lets go of records read by key and not read since it last passed, until the records fit. */
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
      this.readBytes -= text.length + PER_RECORD_OVERHEAD;
      this.readCount--;
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

  /** The record of `values` (FIELDS' order), built as one literal: a record of one shape, about 40% faster. */
  private decode(id: number, v: readonly unknown[]): StoredPlaque {
    const strings = this.strings;
    const time = (x: unknown) => (typeof x === 'number' ? isoTime(x) : x);
    const shared = (x: unknown) => (typeof x === 'number' ? strings[x] : x);
    const record = {
      id,
      createdAt: time(v[0]),
      updatedAt: time(v[1]),
      deletedAt: time(v[2]),
      name: v[3],
      alphabetPart: v[4],
      numberPart: v[5],
      image: shared(v[6]),
      price: v[7],
      currency: shared(v[8]),
      marketplace: shared(v[9]),
      tokenId: v[10],
      mappedPlaqueId: v[11],
      contractAddress: shared(v[12]),
      featured: v[13],
      description: v[14],
      standard: shared(v[15]),
      metadata: v[16],
      building_id: v[17],
      wallet_address: v[18],
      condition: shared(v[19]),
      assignAt: time(v[20]),
      saleAt: time(v[21]),
      featuredAt: time(v[22]),
      mintedAt: time(v[23]),
      status: shared(v[24]),
      minted: v[25],
      lockExpiresAt: time(v[26]),
      reservationId: v[27],
    } satisfies Record<(typeof FIELDS)[number][0] | 'id', unknown>;
    return record as unknown as StoredPlaque;
  }

  /**
   * The records object of the first `slots` slots: every slot's record held in the version `versionOf` gives. A head
   * (a header: the shared strings and where the texts' blocks start; then per record its id, version and end offset as
   * arrays) and the texts, as two gzip members, the texts compressed in blocks of about BLOCK_BYTES that each inflate
   * alone (gzipInBlocks); inflated whole, the head then the texts. Returns the object and how many records it holds.
   */
  async exportPart(
    slots: number,
    idOf: (slot: number) => number,
    versionOf: (slot: number) => number,
    writtenAt: number,
  ): Promise<{ bytes: Uint8Array; held: number }> {
    // The taken object's texts whole (an object whose texts cannot be inflated then holds none).
    await this.taken?.inflated;
    // Each slot's source: its record read by key (-1), or its entry in the taken object (copied as bytes, never decoded).
    const chosen: number[] = [];
    const sources: number[] = [];
    let textBytes = 0;
    for (let slot = 0; slot < slots; slot++) {
      const version = versionOf(slot);
      if (this.versions[slot] === version && this.texts[slot] !== undefined) {
        chosen.push(slot);
        sources.push(-1);
        textBytes += Buffer.byteLength(this.texts[slot]!);
        continue;
      }
      const entry = this.entryAt(idOf(slot), version);
      if (entry < 0) continue;
      chosen.push(slot);
      sources.push(entry);
      textBytes += this.taken!.ends[entry]! - (entry === 0 ? 0 : this.taken!.ends[entry - 1]!);
    }
    const count = chosen.length;
    const versions = new Float64Array(count);
    const ids = new Int32Array(count);
    const ends = new Uint32Array(count);
    const texts = Buffer.alloc(textBytes);
    // A block ends with the first record past BLOCK_BYTES: no record is split between two.
    const blockEntries: number[] = [];
    const cuts: number[] = [];
    let at = 0;
    chosen.forEach((slot, i) => {
      if (i === 0 || at - cuts.at(-1)! >= BLOCK_BYTES) {
        blockEntries.push(i);
        cuts.push(at);
      }
      const entry = sources[i]!;
      at += entry < 0 ? texts.write(this.texts[slot]!, at, 'utf8') : entryBytes(this.taken!, entry)!.copy(texts, at);
      versions[i] = versionOf(slot);
      ids[i] = idOf(slot);
      ends[i] = at;
    });
    // The head: the header (with where each block starts, known once they are compressed), then the arrays. Inflated
    // whole, the object is the head and then the texts, as objects written before blocks were.
    const headOf = (starts: number[]) => {
      const blocks = { entries: blockEntries, starts };
      const header = Buffer.from(JSON.stringify({ strings: this.strings, count, writtenAt, blocks } satisfies PartHeader));
      const start = align8(12 + header.length);
      const head = Buffer.alloc(start + align8(count * 8) + align8(count * 4) * 2);
      head.write(MAGIC, 0, 'latin1');
      head.writeUInt32LE(header.length, 8);
      header.copy(head, 12);
      Buffer.from(versions.buffer).copy(head, start);
      Buffer.from(ids.buffer).copy(head, start + align8(count * 8));
      Buffer.from(ends.buffer).copy(head, start + align8(count * 8) + align8(count * 4));
      return head;
    };
    return { bytes: await gzipInBlocks(texts, cuts, headOf), held: count };
  }

  /**
   * Opens a records object, without the index or this store's state (take() makes it this store's): inflates its head
   * (the header and the entries' ids, versions and ends) off the event loop and finds its entries by plaque id (one
   * pass over its ids); its texts are inflated off the loop behind it, and until they are in a record is read from its
   * block alone (about 85 records; the last BLOCKS_KEPT blocks kept). An object written before blocks is inflated
   * whole first (a large one in a worker thread, handed `part`'s memory: not to be used after). Null for an object of
   * another format, or one not written after `newerThan` (epoch ms).
   */
  async open(part: Uint8Array, newerThan = -Infinity): Promise<OpenedRecords | null> {
    const blocked = blockedParts(part);
    if (blocked === null)
      return this.parse(await (part.byteLength >= WORKER_FROM ? gunzipInWorker(part) : gunzipOffLoop(part)), newerThan, null);
    return this.parse(await gunzipOffLoop(blocked.head), newerThan, blocked);
  }

  /**
   * Takes an opened records object (replacing the one taken before): pages find its records by plaque id at once, each
   * in the version the index holds, and a record read by key wins over its own. Then counts, a chunk per turn of the
   * event loop, its records whose version is the index's (`slotOf` finds a plaque's slot, -1 when the index has none;
   * `versionOf` gives the index's version of a slot) and that no record read by key holds already; returns that count.
   */
  async take(object: OpenedRecords, slotOf: (id: number) => number, versionOf: (slot: number) => number): Promise<number> {
    this.adoptStrings(object.strings);
    this.taken = object;
    this.entries = 0;
    let taken = 0;
    for (let from = 0; from < object.ids.length; from += COUNT_CHUNK) {
      if (from > 0) await nextTurn();
      // Another object taken meanwhile replaces this one.
      if (this.taken !== object) return taken;
      const end = Math.min(object.ids.length, from + COUNT_CHUNK);
      for (let entry = from; entry < end; entry++) {
        const id = object.ids[entry]!;
        // A later entry of the same id, or a record read by key since, has it.
        if (object.entries.slotOf(id) !== entry) continue;
        const slot = slotOf(id);
        if (slot < 0) continue;
        const version = object.versions[entry]!;
        if (versionOf(slot) !== version || (this.versions[slot] === version && this.texts[slot] !== undefined)) continue;
        object.counted[entry] = 1;
        this.entries++;
        taken++;
      }
    }
    return taken;
  }

  /**
   * The object's parts, kept within the budget, its entries found by id; null for another format or an older one.
   * `bytes`: the whole object inflated, or (`blocked`) its head alone, whose texts are inflated behind it.
   */
  private parse(bytes: Buffer, newerThan: number, blocked: BlockedParts | null): OpenedRecords | null {
    if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) return null;
    const headerLength = bytes.readUInt32LE(8);
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as PartHeader;
    if (!Array.isArray(header.strings) || !Number.isInteger(header.count) || !(header.writtenAt > newerThan)) return null;
    // Typed views need aligned offsets; a small result may sit at any offset of Node's buffer pool.
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(Uint8Array.prototype.slice.call(bytes));
    const { count } = header;
    const start = align8(12 + headerLength);
    const versions = new Float64Array(aligned.buffer, aligned.byteOffset + start, count);
    const ids = new Int32Array(aligned.buffer, aligned.byteOffset + start + align8(count * 8), count);
    const ends = new Uint32Array(aligned.buffer, aligned.byteOffset + start + align8(count * 8) + align8(count * 4), count);
    const textStart = start + align8(count * 8) + align8(count * 4) * 2;
    // Past the budget's share only the first records are kept, copied out so the rest of the object can go.
    const room = OBJECT_SHARE * this.budgetBytes;
    let keep = count;
    while (keep > 0 && (ends[keep - 1] ?? 0) + keep * PER_ENTRY_OVERHEAD > room) keep = Math.floor(keep * 0.9);
    const textEnd = keep === 0 ? 0 : ends[keep - 1]!;
    const whole = keep === count;
    const keptIds = whole ? ids : ids.slice(0, keep);
    // All of the texts when they are here, else the first `keep`'s copied out so the rest can go.
    const kept = (texts: Buffer) => (whole ? texts.subarray(0, textEnd) : Buffer.from(texts.subarray(0, textEnd)));
    const pending = blocked ? pendingBlocks(header, count, blocked) : null;
    if (blocked && pending === null) return null;
    const object: OpenedRecords = {
      text: blocked ? null : kept(aligned.subarray(textStart)),
      pending,
      inflated: Promise.resolve(),
      ids: keptIds,
      versions: whole ? versions : versions.slice(0, keep),
      ends: whole ? ends : ends.slice(0, keep),
      entries: SlotsById.of(keptIds),
      counted: new Uint8Array(keep),
      strings: header.strings,
      writtenAt: header.writtenAt,
      bytes: textEnd + keep * PER_ENTRY_OVERHEAD,
    };
    if (blocked) {
      // Texts that cannot be inflated, or fewer than the head counts, leave the object's entries none.
      object.inflated = gunzipOffLoop(blocked.body)
        .then(
          (texts) => (texts.length >= textEnd ? kept(texts) : null),
          () => null,
        )
        .then((text) => {
          object.text = text;
          object.pending = null;
        });
    }
    return object;
  }

  /**
   * Makes an object's shared strings this store's, code for code: appended when this store's are a prefix of them (the
   * usual case: its writer started from the object before), else this store's records read by key are re-coded.
   */
  private adoptStrings(strings: string[]): void {
    const prefix = (a: string[], b: string[]) => a.length <= b.length && a.every((s, i) => s === b[i]);
    if (prefix(strings, this.strings)) return;
    if (prefix(this.strings, strings)) {
      for (const s of strings.slice(this.strings.length)) this.code(s);
      return;
    }
    const before = this.strings;
    this.strings = [];
    this.codes = new Map();
    for (const s of strings) this.code(s);
    const recode = before.map((s) => this.code(s));
    this.readBytes = 0;
    this.texts = this.texts.map((text) => {
      if (text === undefined) return undefined;
      const values = (JSON.parse(text) as unknown[]).map((v, i) => (FIELDS[i]![1] === 'shared' && typeof v === 'number' ? recode[v] : v));
      const recoded = JSON.stringify(values);
      this.readBytes += recoded.length + PER_RECORD_OVERHEAD;
      return recoded;
    });
  }
}

/** The blocks a head names, for reading its texts while they are inflated; null when it names none that fit the object. */
function pendingBlocks(header: PartHeader, count: number, blocked: BlockedParts): PendingBlocks | null {
  if (typeof header.blocks !== 'object' || header.blocks === null) return null;
  const { entries, starts } = header.blocks;
  const ascending = (values: unknown, below: number) =>
    Array.isArray(values) && values.every((v, i) => Number.isInteger(v) && v >= 0 && v < below && (i === 0 || v > values[i - 1]));
  const fits =
    ascending(entries, count) &&
    ascending(starts, blocked.deflated.length + 1) &&
    entries.length === starts.length &&
    (count === 0 || entries[0] === 0);
  return fits ? { entries, starts, deflated: blocked.deflated, made: new Map() } : null;
}

/** The text bytes of an entry: from the inflated texts, else from its block alone (inflated once, kept a while). */
function entryBytes(object: OpenedRecords, entry: number): Buffer | undefined {
  const start = entry === 0 ? 0 : object.ends[entry - 1]!;
  const end = object.ends[entry]!;
  if (object.text !== null) return object.text.subarray(start, end);
  const pending = object.pending;
  if (pending === null) return undefined;
  // The block holding the entry: the last whose first entry is at or before it.
  let low = 0;
  let high = pending.entries.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (pending.entries[middle]! <= entry) low = middle;
    else high = middle - 1;
  }
  let block = pending.made.get(low);
  if (block === undefined) {
    try {
      block = inflateBlock(pending.deflated, pending.starts[low]!, pending.starts[low + 1] ?? pending.deflated.length);
    } catch {
      return undefined;
    }
    pending.made.set(low, block);
    if (pending.made.size > BLOCKS_KEPT) pending.made.delete(pending.made.keys().next().value!);
  }
  const first = pending.entries[low]!;
  const blockStart = first === 0 ? 0 : object.ends[first - 1]!;
  return block.subarray(start - blockStart, end - blockStart);
}
