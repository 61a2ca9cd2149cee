// Compression of the catalogue's objects (the snapshot and its records object) off the event loop. zlib works on its
// thread pool either way, but hands its output back to the event loop a slice at a time: 16 KB by default, so taking a
// records object of a million plaques (200 MB inflated) cost the event loop about 12 000 callbacks and then one copy
// of the whole into a new buffer. Here the slices are 4 MiB, and inflated slices are copied into one buffer sized from
// the gzip trailer as they come: a few dozen callbacks of a millisecond or so each. Each slice still waits for a turn
// of the event loop, so an object inflated while the loop is busy (a cold start decoding its snapshot, building its
// index, answering its first pages) takes as long as the loop stays busy: a large one is inflated in a worker thread
// instead, whole, and handed back without a copy.
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createGunzip, gzip } from 'node:zlib';

/** Bytes zlib hands back per callback. */
const SLICE = 4 * 2 ** 20;
/** The most a trailer's size is trusted to exceed the compressed size by (larger: the buffer grows as it fills). */
const MOST_RATIO = 16;
const gzipAsync = promisify(gzip);

/** gzip at the fastest level (the objects are written often and read at every cold start), off the event loop. */
export const gzipOffLoop = (raw: Uint8Array): Promise<Buffer> => gzipAsync(raw, { level: 1, chunkSize: SLICE });

/** Inflates a gzip object off the event loop into one buffer (its own memory, at offset 0: 8-byte aligned). */
export function gunzipOffLoop(compressed: Uint8Array): Promise<Buffer> {
  const input = Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength);
  // ISIZE, the last 4 bytes: the inflated size modulo 2^32 (of the last member; the objects here have one).
  const stated = input.length >= 18 ? input.readUInt32LE(input.length - 4) : 0;
  let out = Buffer.allocUnsafeSlow(Math.max(1, Math.min(stated, MOST_RATIO * input.length)));
  let length = 0;
  return new Promise((resolve, reject) => {
    const inflater = createGunzip({ chunkSize: SLICE });
    inflater.on('data', (slice: Buffer) => {
      if (length + slice.length > out.length) {
        const next = Buffer.allocUnsafeSlow(Math.max(2 * out.length, length + slice.length));
        out.copy(next, 0, 0, length);
        out = next;
      }
      slice.copy(out, length);
      length += slice.length;
    });
    inflater.once('end', () => resolve(out.subarray(0, length)));
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
