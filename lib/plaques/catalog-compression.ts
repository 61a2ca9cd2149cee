// Compression of the catalogue's objects (the snapshot and its records object) off the event loop. zlib works on its
// thread pool either way, but hands its output back to the event loop a slice at a time: 16 KB by default, so taking a
// records object of a million plaques (200 MB inflated) cost the event loop about 12 000 callbacks and then one copy
// of the whole into a new buffer; each slice also waited for a turn of a busy loop (a cold start answering its first
// pages) before zlib went on. Here zlib inflates into one buffer of the size the gzip trailer states, to the end, and
// hands it back once. A large object of one piece is inflated in a worker thread (its input handed over, not copied).
// The records object is written in blocks (gzipInBlocks): a reader inflates its small head first and any block of the
// rest alone, while the rest is inflated.
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { constants, crc32, createGunzip, deflateRaw, deflateRawSync, gzip, inflateRawSync } from 'node:zlib';

/** Bytes zlib hands back per callback where the size is not known ahead (compression, the worker's inflation). */
const SLICE = 4 * 2 ** 20;
/** The most a trailer's size is trusted to exceed the compressed size by (larger: the rest comes in further slices). */
const MOST_RATIO = 16;
/** Room left past the size a trailer states, in the buffer zlib inflates into. */
const ROOM_PAST_END = 64 * 2 ** 10;
const gzipAsync = promisify(gzip);

/** gzip at the fastest level (the objects are written often and read at every cold start), off the event loop. */
export const gzipOffLoop = (raw: Uint8Array): Promise<Buffer> => gzipAsync(raw, { level: 1, chunkSize: SLICE });

/**
 * Inflates a gzip object off the event loop into one buffer (its own memory, at offset 0: 8-byte aligned). zlib is
 * given room for the whole output the trailer states, so it inflates on its thread pool to the end and hands the
 * result back once, in the buffer it wrote: the event loop copies nothing and zlib never waits for a turn of it. An
 * object larger than its trailer says (several members) comes back in slices, copied into one buffer as they come.
 */
export function gunzipOffLoop(compressed: Uint8Array): Promise<Buffer> {
  const input = Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength);
  // ISIZE, the last 4 bytes: the inflated size modulo 2^32 (of the last member; the objects here have one).
  const stated = input.length >= 18 ? input.readUInt32LE(input.length - 4) : 0;
  const expected = Math.max(1, Math.min(stated, MOST_RATIO * input.length));
  const slices: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    // Room past the stated size, so that zlib's last write leaves space and it does not ask for another chunk.
    const inflater = createGunzip({ chunkSize: expected + ROOM_PAST_END });
    inflater.on('data', (slice: Buffer) => {
      slices.push(slice);
      length += slice.length;
    });
    inflater.once('end', () => {
      const only = slices.length === 1 ? slices[0]! : null;
      if (only !== null && only.byteOffset === 0) return resolve(only);
      const out = Buffer.allocUnsafeSlow(Math.max(1, length));
      let at = 0;
      for (const slice of slices) at += slice.copy(out, at);
      resolve(out.subarray(0, length));
    });
    inflater.once('error', reject);
    inflater.end(input);
  });
}

/**
 * The worker's script (CommonJS, Node's own modules alone: nothing for a bundle to carry): inflates its input and
 * hands back the result's memory, transferred whole.
 */
const INFLATER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gunzipSync } = require('node:zlib');
const out = gunzipSync(workerData, { chunkSize: ${SLICE} });
const whole = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength
  ? out.buffer
  : out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
parentPort.postMessage(whole, [whole]);
`;

/**
 * Inflates a gzip object in a worker thread, so a busy event loop never holds it up; its input is handed over without a
 * copy when it owns its memory whole (it must not be used after). Into one buffer at offset 0, as gunzipOffLoop; a
 * worker that cannot be started leaves it to gunzipOffLoop.
 */
export function gunzipInWorker(compressed: Uint8Array): Promise<Buffer> {
  const owned =
    compressed.byteOffset === 0 && compressed.byteLength === compressed.buffer.byteLength && compressed.buffer instanceof ArrayBuffer;
  let worker: Worker;
  try {
    worker = new Worker(INFLATER, {
      eval: true,
      workerData: compressed,
      ...(owned && { transferList: [compressed.buffer as ArrayBuffer] }),
    });
  } catch {
    return gunzipOffLoop(compressed);
  }
  return new Promise((resolve, reject) => {
    worker.once('message', (whole: ArrayBuffer) => resolve(Buffer.from(whole)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the inflating worker stopped (exit code ${code}) before it answered`)));
  });
}

/** The gzip extra field's subfield that names the first member's length: `PQ`, 4 bytes (uint32 LE). */
const SUBFIELD = [0x50, 0x51] as const;
/** A gzip member's header: magic, deflate, flags, no time, fastest, unknown OS. */
const gzipHeader = (flags: number) => Buffer.from([0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 4, 0xff]);
const FEXTRA = 4;
/** The header of the first member with its extra field (12 + 8 bytes). */
const HEAD_HEADER_BYTES = 10 + 2 + 8;
const deflateRawAsync = promisify(deflateRaw);
/** Blocks compressed at a time. */
const BLOCKS_IN_FLIGHT = 8;
/** Bytes a CRC-32 covers per turn of the event loop (about 0.3 ms). */
const CRC_SLICE = 2 ** 20;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The CRC-32 of `bytes`, a slice per turn of the event loop. */
async function crcInTurns(bytes: Uint8Array): Promise<number> {
  let crc = 0;
  for (let at = 0; at < bytes.length; at += CRC_SLICE) {
    if (at > 0) await nextTurn();
    crc = crc32(bytes.subarray(at, at + CRC_SLICE), crc);
  }
  return crc;
}

/** A gzip member's trailer: CRC-32 and size (mod 2^32) of what it holds. */
function gzipTrailer(crc: number, size: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return trailer;
}

/**
 * `head` then `body` as two gzip members, the second's deflate data made of blocks compressed each on its own (cut at
 * `cuts`: ascending offsets into `body`, the first 0), so that any block inflates alone (inflateBlock) while the whole
 * still inflates as one gzip object to `head` + `body`. `headOf(starts)` makes the head once the blocks are compressed,
 * told where each starts in the second member's deflate data; the first member's extra field names its own length.
 * Compressed off the event loop, a few blocks at a time.
 */
export async function gzipInBlocks(body: Uint8Array, cuts: readonly number[], headOf: (starts: number[]) => Uint8Array): Promise<Buffer> {
  const blocks: Buffer[] = new Array<Buffer>(cuts.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < cuts.length; i = next++) {
      const block = body.subarray(cuts[i]!, i + 1 < cuts.length ? cuts[i + 1]! : body.length);
      // A sync flush ends each block on a byte, not the stream: the blocks, then a final empty one, make one stream.
      blocks[i] = await deflateRawAsync(block, { level: 1, finishFlush: constants.Z_SYNC_FLUSH });
    }
  };
  await Promise.all(Array.from({ length: BLOCKS_IN_FLIGHT }, lane));
  const starts: number[] = [];
  let at = 0;
  for (const block of blocks) {
    starts.push(at);
    at += block.length;
  }
  const head = headOf(starts);
  const headDeflated = await deflateRawAsync(head, { level: 1 });
  const headLength = HEAD_HEADER_BYTES + headDeflated.length + 8;
  const extra = Buffer.from([8, 0, SUBFIELD[0], SUBFIELD[1], 4, 0, 0, 0, 0, 0]);
  extra.writeUInt32LE(headLength, 6);
  return Buffer.concat([
    gzipHeader(FEXTRA),
    extra,
    headDeflated,
    gzipTrailer(await crcInTurns(head), head.length),
    gzipHeader(0),
    ...blocks,
    deflateRawSync(Buffer.alloc(0)),
    gzipTrailer(await crcInTurns(body), body.length),
  ]);
}

/** An object gzipInBlocks made, in its parts: the first member (the head), the second, and the second's deflate data. */
export interface BlockedParts {
  head: Uint8Array;
  body: Uint8Array;
  deflated: Uint8Array;
}

/** The parts of an object gzipInBlocks made; null for any other gzip object (its first member names no length). */
export function blockedParts(object: Uint8Array): BlockedParts | null {
  const bytes = Buffer.from(object.buffer, object.byteOffset, object.byteLength);
  if (bytes.length < HEAD_HEADER_BYTES || bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8 || bytes[3] !== FEXTRA) return null;
  if (bytes.readUInt16LE(10) !== 8 || bytes[12] !== SUBFIELD[0] || bytes[13] !== SUBFIELD[1] || bytes.readUInt16LE(14) !== 4) return null;
  const headLength = bytes.readUInt32LE(16);
  if (headLength + 10 + 8 > bytes.length || bytes[headLength] !== 0x1f || bytes[headLength + 1] !== 0x8b || bytes[headLength + 3] !== 0)
    return null;
  return {
    head: bytes.subarray(0, headLength),
    body: bytes.subarray(headLength),
    deflated: bytes.subarray(headLength + 10, bytes.length - 8),
  };
}

/** One block of a BlockedParts' deflate data (`from` to `to`, offsets its head gave), inflated alone, at once. */
export const inflateBlock = (deflated: Uint8Array, from: number, to: number): Buffer =>
  inflateRawSync(deflated.subarray(from, to), { finishFlush: constants.Z_SYNC_FLUSH });
