// The stand-in bundles get for node:stream/web answers middy's one question, `instanceof ReadableStream`, as the class does.
import { Readable } from 'node:stream';
import { ReadableStream as WebReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { ReadableStream } from '#lib/runtime/web-streams-stand-in.ts';

describe('the web streams stand-in', () => {
  it('counts web readable streams as instances, and nothing else', () => {
    expect(new WebReadableStream() instanceof ReadableStream).toBe(true);
    expect(Readable.toWeb(Readable.from(['x'])) instanceof ReadableStream).toBe(true);
    for (const other of [{}, null, 'text', Readable.from(['x']), new Uint8Array(1)]) {
      expect(other instanceof ReadableStream, String(other)).toBe(false);
    }
  });
});
