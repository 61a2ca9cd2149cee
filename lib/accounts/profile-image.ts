// Profile images: recognised by content (magic bytes), never by the declared type; size and pixel caps read from the
// header alone, so a decompression bomb is refused without decoding a single pixel.
import { imageSize } from 'image-size';
import { payloadTooLarge, unsupportedMediaType } from '#lib/errors.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '#lib/accounts/image-limits.ts';

export { MAX_IMAGE_BYTES };

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface InspectedImage {
  /** The image and nothing after it: bytes past its end marker are cut off (see `imageEnd`). */
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const FORMATS: Record<ImageFormat, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the leading bytes announce, or null. */
export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

const unsupportedImage = (detail: string) => unsupportedMediaType(detail, 'UNSUPPORTED_IMAGE');

/** Index just past the PNG's IEND chunk, walking the chunks from the signature; null when it has none. */
function pngEnd(bytes: Buffer): number | null {
  for (let at = 8; at + 12 <= bytes.length;) {
    const next = at + 12 + bytes.readUInt32BE(at);
    if (next > bytes.length) return null;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return next;
    at = next;
  }
  return null;
}

/** Index just past the JPEG's EOI marker, walking its segments and the entropy-coded data of each scan; null when none. */
function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at++];
    if (marker === undefined) return null;
    if (marker === 0xd9) return at;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // markers without a length
    if (at + 2 > bytes.length) return null;
    at += bytes.readUInt16BE(at);
    if (at > bytes.length) return null;
    if (marker !== 0xda) continue;
    // A scan's coded data runs up to the next marker other than a stuffed 0xFF00 or a restart marker.
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7)))
      at++;
    if (at + 1 >= bytes.length) return null;
  }
  return null;
}

/** Index just past the GIF's trailer (0x3B), walking its blocks; null when it has none. */
function gifEnd(bytes: Buffer): number | null {
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number): number | null => {
    let at = from;
    for (;;) {
      const size = bytes[at];
      if (size === undefined) return null;
      at += 1 + size;
      if (size === 0) return at;
    }
  };
  if (bytes.length < 13) return null;
  let at: number | null = 13 + colourTable(bytes[10]!);
  while (at !== null && at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return at + 1;
    if (block === 0x21) at = skipSubBlocks(at + 2);
    else if (block === 0x2c && at + 10 <= bytes.length) at = skipSubBlocks(at + 10 + colourTable(bytes[at + 9]!) + 1);
    else return null;
  }
  return null;
}

/** Index just past the WebP's RIFF chunk (8 bytes of header plus its stated length); null when the bytes stop short. */
function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const end = 8 + bytes.readUInt32LE(4);
  return end <= bytes.length ? end : null;
}

/**
 * Where the image ends: just past its end marker (PNG IEND chunk, JPEG EOI, GIF trailer, the WebP RIFF chunk's
 * length), or null when it has none. Whatever follows (an HTML page making a polyglot, say) is not part of the image.
 */
export function imageEnd(bytes: Buffer, format: ImageFormat): number | null {
  switch (format) {
    case 'png':
      return pngEnd(bytes);
    case 'jpeg':
      return jpegEnd(bytes);
    case 'gif':
      return gifEnd(bytes);
    case 'webp':
      return webpEnd(bytes);
  }
}

/**
 * The image's format, size and bytes up to its end marker (anything after it is cut off, so a file that is an image
 * and an HTML page at once is stored as the image alone), or: 415 UNSUPPORTED_IMAGE when the bytes are not a PNG,
 * JPEG, WebP or GIF whose header can be read and whose end can be found; 413 PAYLOAD_TOO_LARGE above 4 MiB or 4096
 * pixels on a side.
 */
export function inspectImage(upload: Buffer): InspectedImage {
  if (upload.length > MAX_IMAGE_BYTES) throw payloadTooLarge(`image must be at most ${MAX_IMAGE_BYTES} bytes (4 MiB)`);
  const format = sniffFormat(upload);
  if (!format) throw unsupportedImage('image must be a PNG, JPEG, WebP or GIF (recognised by its content)');
  const end = imageEnd(upload, format);
  if (end === null) throw unsupportedImage(`image looks like ${format.toUpperCase()} but is truncated or malformed (no end marker)`);
  const bytes = upload.subarray(0, end);
  let size: { width: number; height: number; type?: string | undefined };
  try {
    size = imageSize(bytes);
  } catch {
    throw unsupportedImage(`image looks like ${format.toUpperCase()} but its header cannot be read`);
  }
  // image-size reads the header on its own: it must agree with the magic bytes and yield real dimensions.
  const agrees = size.type === format || (format === 'jpeg' && size.type === 'jpg');
  if (!agrees || !(size.width > 0) || !(size.height > 0)) {
    throw unsupportedImage(`image looks like ${format.toUpperCase()} but its header is not valid`);
  }
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    throw payloadTooLarge(`image must be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels (it is ${size.width} × ${size.height})`);
  }
  return { bytes, format, ...FORMATS[format], width: size.width, height: size.height };
}
