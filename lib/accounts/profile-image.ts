// Profile images: recognised by content (magic bytes), never by the declared type; size and pixel caps read from the
// header alone, so a decompression bomb is refused without decoding a single pixel.
import { imageSize } from 'image-size';
import { payloadTooLarge, unsupportedMediaType } from '#lib/errors.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '#lib/accounts/image-limits.ts';

export { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE };

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface InspectedImage {
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

/**
 * The image's format and size, or: 415 UNSUPPORTED_IMAGE when the bytes are not a PNG, JPEG, WebP or GIF whose header
 * can be read; 413 PAYLOAD_TOO_LARGE above 4 MiB or 4096 pixels on a side.
 */
export function inspectImage(bytes: Buffer): InspectedImage {
  if (bytes.length > MAX_IMAGE_BYTES) throw payloadTooLarge(`image must be at most ${MAX_IMAGE_BYTES} bytes (4 MiB)`);
  const format = sniffFormat(bytes);
  if (!format) throw unsupportedImage('image must be a PNG, JPEG, WebP or GIF (recognised by its content)');
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
  return { format, ...FORMATS[format], width: size.width, height: size.height };
}
