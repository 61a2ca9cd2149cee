// Profile images are judged by their bytes: format by magic number, size and pixels from the header.
import { describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { imageEnd, inspectImage, MAX_IMAGE_BYTES, sniffFormat } from '#lib/accounts/profile-image.ts';
import { aGif, aGifWithFrame, aJpeg, aJpegWithScan, aPng, aPngHeader, aWebp, HTML_TAIL } from './images.ts';

function refusal(bytes: Buffer): AppError {
  try {
    inspectImage(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the image to be refused');
}

describe('inspectImage', () => {
  it('recognises PNG, JPEG, WebP and GIF with their dimensions', () => {
    expect(inspectImage(aPng(3, 5))).toEqual({
      bytes: aPng(3, 5),
      format: 'png',
      contentType: 'image/png',
      extension: 'png',
      width: 3,
      height: 5,
    });
    expect(inspectImage(aJpeg(7, 9))).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', extension: 'jpg', width: 7, height: 9 });
    expect(inspectImage(aWebp(17, 19))).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 17, height: 19 });
    expect(inspectImage(aGif(11, 13))).toMatchObject({ format: 'gif', contentType: 'image/gif', width: 11, height: 13 });
  });

  it('answers 415 UNSUPPORTED_IMAGE for other content, whatever it claims to be', () => {
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('BM6\0\0\0'),
      Buffer.alloc(1),
    ]) {
      expect([refusal(bytes).status, refusal(bytes).code]).toEqual([415, 'UNSUPPORTED_IMAGE']);
    }
  });

  it('answers 415 for the right magic bytes over a header that cannot be read', () => {
    const truncated = aPng().subarray(0, 12);
    expect(refusal(truncated).code).toBe('UNSUPPORTED_IMAGE');
    expect(refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10)])).code).toBe('UNSUPPORTED_IMAGE');
  });

  it('answers 413 above 4096 pixels on either side, reading only the header (a decompression bomb is never decoded)', () => {
    expect(inspectImage(aPngHeader(4096, 4096))).toMatchObject({ width: 4096, height: 4096 });
    for (const bytes of [
      aPngHeader(4097, 10),
      aPngHeader(10, 4097),
      aPngHeader(100_000, 100_000),
      aGif(5000, 1),
      aWebp(1, 8000),
      aJpeg(4097, 4097),
    ]) {
      expect([refusal(bytes).status, refusal(bytes).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    }
  });

  it('answers 413 above 4 MiB', () => {
    const big = Buffer.concat([aPng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect([refusal(big).status, refusal(big).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('keeps the image up to its end marker and cuts off anything after it, such as an HTML page making a polyglot', () => {
    for (const image of [aPng(3, 5), aPngHeader(64, 64), aJpeg(7, 9), aJpegWithScan(), aGif(11, 13), aGifWithFrame(), aWebp(17, 19)]) {
      expect(inspectImage(image).bytes.equals(image)).toBe(true);
      for (const tail of [HTML_TAIL, Buffer.concat([Buffer.from([0x00, 0xff, 0xd9, 0x3b]), HTML_TAIL])]) {
        const polyglot = Buffer.concat([image, tail]);
        const inspected = inspectImage(polyglot);
        expect(inspected.bytes.equals(image), inspected.format).toBe(true);
        expect(imageEnd(polyglot, inspected.format)).toBe(image.length);
      }
    }
  });

  it('answers 415 UNSUPPORTED_IMAGE for an image whose end marker cannot be found', () => {
    for (const image of [aPng(), aJpegWithScan(), aGifWithFrame(), aWebp()]) {
      const cut = image.subarray(0, image.length - 3);
      expect([refusal(cut).status, refusal(cut).code, refusal(cut).detail]).toEqual([
        415,
        'UNSUPPORTED_IMAGE',
        expect.stringMatching(/end marker/),
      ]);
    }
  });

  it('sniffs the format from the leading bytes alone', () => {
    expect(sniffFormat(Buffer.from('GIF87a'))).toBe('gif');
    expect(sniffFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});
