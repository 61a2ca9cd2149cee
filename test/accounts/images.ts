// Tiny images built byte by byte: real decodable PNGs, and headers of every accepted format with chosen dimensions.
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid, decodable RGB PNG filled with one colour. */
export function aPng(width = 4, height = 4, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims `width` × `height` with almost no pixel data: a decompression bomb's shape. */
export function aPngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOI, JFIF APP0, SOF0 with the dimensions, EOI). */
export function aJpeg(width = 4, height = 4): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export function aGif(width = 4, height = 4): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'ascii'), screen, Buffer.from([0x3b])]);
}

/** An extended-format WebP (VP8X) header. */
export function aWebp(width = 4, height = 4): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'ascii'), Buffer.from('VP8X', 'ascii'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), size, body]);
}

/** A real one-pixel GIF: global colour table, a graphic control extension, one LZW-coded frame, the trailer. */
export function aGifWithFrame(): Buffer {
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    ...[0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00], // 1 × 1, global colour table of 2 entries
    ...[0x00, 0x00, 0x00, 0xff, 0xff, 0xff],
    ...[0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00], // graphic control extension
    ...[0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00], // image descriptor
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW minimum code size, one sub-block, terminator
    0x3b,
  ]);
}

/** A JPEG with a scan whose coded data holds a stuffed 0xFF00 and a restart marker, as real scans do. */
export function aJpegWithScan(width = 4, height = 4): Buffer {
  const header = aJpeg(width, height);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3f, 0x00]);
  const coded = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78]);
  return Buffer.concat([header.subarray(0, header.length - 2), sos, coded, Buffer.from([0xff, 0xd9])]);
}

/** What a polyglot carries after the image: a page that would run as HTML if the file were ever sniffed as such. */
export const HTML_TAIL = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>\n');
