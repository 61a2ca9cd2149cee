// Compression of the catalogue's objects off the event loop: inflated whole into one aligned buffer, whatever the trailer says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHook } from 'node:async_hooks';
import { gunzipSync, gzipSync } from 'node:zlib';
import { blockedParts, gunzipInWorker, gunzipOffLoop, gzipInBlocks, gzipOffLoop, inflateBlock } from '#lib/plaques/catalog-compression.ts';

/** Bytes that compress about as the records do (repeated fields, varying numbers). */
const someBytes = (size: number) => {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i += 64) out.write(`{"name":"ABC-${(i % 10_000).toString().padStart(4, '0')}","price":${i % 997}}`, i);
  return out;
};

describe('catalogue object compression', () => {
  it('inflates what it compressed, byte for byte, into one buffer at offset 0 (typed views need 8-byte alignment)', async () => {
    const raw = someBytes(9 * 2 ** 20 + 123);
    const inflated = await gunzipOffLoop(await gzipOffLoop(raw));
    expect(inflated.equals(raw)).toBe(true);
    expect(inflated.byteOffset).toBe(0);
  });

  it('hands an inflated object back to the event loop once, in the buffer zlib wrote, rather than a slice per turn', async () => {
    const raw = someBytes(9 * 2 ** 20 + 123);
    const compressed = await gzipOffLoop(raw);
    // Each callback zlib's thread pool work makes on the event loop runs between `before` and `after` of its resource.
    const zlibResources = new Set<number>();
    let handBacks = 0;
    const hook = createHook({
      init: (id, type) => void (type === 'ZLIB' && zlibResources.add(id)),
      before: (id) => void (zlibResources.has(id) && handBacks++),
    }).enable();
    try {
      const inflated = await gunzipOffLoop(compressed);
      expect(inflated.equals(raw)).toBe(true);
      expect(inflated.byteOffset).toBe(0);
    } finally {
      hook.disable();
    }
    // The whole object, and at most one more as the stream ends: 4 MiB slices took four, 16 KB ones about 600.
    expect(handBacks).toBeLessThanOrEqual(2);
  });

  it('inflates an object whose trailer understates its size: two members, the trailer naming the last one alone', async () => {
    const [first, second] = [someBytes(6 * 2 ** 20), someBytes(1000)];
    const inflated = await gunzipOffLoop(Buffer.concat([gzipSync(first), gzipSync(second)]));
    expect(inflated.equals(Buffer.concat([first, second]))).toBe(true);
  });

  it('refuses what is not gzip', async () => {
    await expect(gunzipOffLoop(Buffer.from('not a gzip object at all'))).rejects.toThrow();
  });

  it('inflates in a worker thread into one buffer at offset 0, taking over an input that owns its memory', async () => {
    const raw = someBytes(9 * 2 ** 20 + 123);
    const compressed = await gzipOffLoop(raw);
    const owned = new Uint8Array(compressed.byteLength);
    owned.set(compressed);
    const inflated = await gunzipInWorker(owned);
    expect(inflated.equals(raw)).toBe(true);
    expect(inflated.byteOffset).toBe(0);
    // Handed over, not copied: the caller's view is emptied.
    expect(owned.byteLength).toBe(0);
    // A view into a larger buffer is copied over; the caller keeps it.
    const within = Buffer.concat([Buffer.alloc(8), compressed]).subarray(8);
    expect((await gunzipInWorker(within)).equals(raw)).toBe(true);
    expect(within.byteLength).toBe(compressed.byteLength);
  });

  it('refuses in a worker what is not gzip', async () => {
    await expect(gunzipInWorker(Buffer.from('not a gzip object at all'))).rejects.toThrow(/header/);
  });

  it('compresses in blocks that each inflate alone, while the whole still inflates as one gzip object to head and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 40_000 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        async (raw, cutsAt, headStart) => {
          // Texts as records make them (repetitive), or bytes at random.
          const body = raw.length % 2 === 0 ? Buffer.from(raw) : someBytes(raw.length);
          const cuts = [0, ...new Set(cutsAt.map((c) => 1 + (c % Math.max(1, body.length - 1))))].filter(
            (c) => c < Math.max(1, body.length),
          );
          cuts.sort((a, b) => a - b);
          let told: number[] = [];
          const object = await gzipInBlocks(body, cuts, (starts) => {
            told = starts;
            return Buffer.concat([headStart, Buffer.from(JSON.stringify(starts))]);
          });
          const head = Buffer.concat([headStart, Buffer.from(JSON.stringify(told))]);
          expect((await gunzipOffLoop(object)).equals(Buffer.concat([head, body]))).toBe(true);
          const parts = blockedParts(object)!;
          expect(gunzipSync(parts.head).equals(head)).toBe(true);
          expect(gunzipSync(parts.body).equals(body)).toBe(true);
          cuts.forEach((cut, i) => {
            const block = inflateBlock(parts.deflated, told[i]!, told[i + 1] ?? parts.deflated.length);
            expect(block.equals(body.subarray(cut, cuts[i + 1] ?? body.length))).toBe(true);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds no blocks in a gzip object of one piece, nor in one cut short', async () => {
    expect(blockedParts(gzipSync(someBytes(5000)))).toBeNull();
    const object = await gzipInBlocks(someBytes(50_000), [0, 20_000], () => Buffer.from('head'));
    expect(blockedParts(object)).not.toBeNull();
    expect(blockedParts(object.subarray(0, 30))).toBeNull();
  });
});
