// Reading the profile update's multipart body: good forms, and every malformed one refused with a 400 (or 413/415).
import { describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { multipartBoundary, readProfileForm } from '#lib/accounts/profile-form.ts';
import { multipart } from './flows.ts';
import { aPng } from './images.ts';

const asEvent = (body: Buffer) => ({ body: body.toString('base64'), isBase64Encoded: true });

async function refusal(body: Buffer | string | null, contentType: string | undefined): Promise<AppError> {
  const event = body === null ? { body: null, isBase64Encoded: false } : asEvent(Buffer.from(body));
  try {
    await readProfileForm(event, contentType);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the form to be refused');
}

const B = 'XyZ';
const CT = `multipart/form-data; boundary=${B}`;

describe('readProfileForm', () => {
  it('reads text parts and the image byte for byte', async () => {
    const png = aPng(8, 8);
    const form = multipart([
      { name: 'username', value: 'grace' },
      { name: 'phoneNumber', value: '+4915112345678' },
      { name: 'image', file: png, filename: 'me.png', type: 'image/png' },
    ]);
    const read = await readProfileForm(asEvent(form.body), form.contentType);
    expect(read.text).toEqual({ username: 'grace', phoneNumber: '+4915112345678' });
    expect(read.image?.bytes.equals(png)).toBe(true);
    expect(read.image).toMatchObject({ filename: 'me.png', declaredType: 'image/png' });
  });

  it('keeps binary content that contains CRLF and boundary-like runs intact', async () => {
    // Everything short of the delimiter itself (CRLF, '--' and the boundary's beginning) may occur in content.
    const bytes = Buffer.concat([aPng(), Buffer.from('\r\n--Xy\r\n\r\n--XYZ'), Buffer.alloc(300_000, 0x2d), Buffer.from('\r\n-')]);
    const form = multipart([{ name: 'image', file: bytes }], 'XyZ');
    expect((await readProfileForm(asEvent(form.body), form.contentType)).image?.bytes.equals(bytes)).toBe(true);
  });

  it('reads UTF-8 text and a quoted boundary, and skips a preamble', async () => {
    const form = multipart([{ name: 'password', value: 'pässwörd-ß' }], 'a b');
    const body = Buffer.concat([Buffer.from('This is a preamble.\r\n'), form.body]);
    const read = await readProfileForm(asEvent(body), 'multipart/form-data; boundary="a b"');
    expect(read.text.password).toBe('pässwörd-ß');
  });

  it('refuses another content type with 415', async () => {
    for (const type of ['application/json', 'text/plain', 'multipart/mixed; boundary=XyZ', undefined]) {
      const problem = await refusal('{"username":"x"}', type);
      expect([problem.status, problem.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });

  it('refuses the dicer crash input (a header line starting with a space) with 400', async () => {
    const crash = `--${B}\r\n Content-Disposition: form-data; name="username"\r\n\r\nx\r\n--${B}--\r\n`;
    expect([(await refusal(crash, CT)).status, (await refusal(crash, CT)).code]).toEqual([400, 'MALFORMED_MULTIPART']);
    const folded = `--${B}\r\nContent-Disposition: form-data;\r\n name="username"\r\n\r\nx\r\n--${B}--\r\n`;
    expect((await refusal(folded, CT)).code).toBe('MALFORMED_MULTIPART');
  });

  it('refuses truncated bodies, a missing boundary and bodies that are not multipart', async () => {
    const whole = multipart([{ name: 'username', value: 'grace' }], B).body.toString('latin1');
    for (const cut of [whole.length - 4, whole.length - 10, 20, 8]) {
      expect((await refusal(whole.slice(0, cut), CT)).code).toBe('MALFORMED_MULTIPART');
    }
    expect((await refusal(whole, 'multipart/form-data')).code).toBe('MALFORMED_MULTIPART');
    expect((await refusal('just some text', CT)).code).toBe('MALFORMED_MULTIPART');
    expect((await refusal(`--${B}\r\n\r\nno headers\r\n--${B}--\r\n`, CT)).code).toBe('MALFORMED_MULTIPART');
    expect((await refusal(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--\r\n`, CT)).code).toBe('MALFORMED_MULTIPART');
    expect((await refusal(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--\r\n`, CT)).code).toBe('MALFORMED_MULTIPART');
  });

  it('refuses duplicate, unknown and misplaced parts with 400 VALIDATION_FAILED naming them', async () => {
    const duplicate = multipart([
      { name: 'username', value: 'a' },
      { name: 'username', value: 'b' },
    ]);
    const dup = await refusal(duplicate.body, duplicate.contentType);
    expect([dup.code, dup.errors]).toEqual(['VALIDATION_FAILED', [{ path: 'username', message: 'is given more than once' }]]);

    const unknown = multipart([
      { name: 'email', value: 'x@y.z' },
      { name: 'emailVerify', value: 'true' },
      { name: 'username', value: 'ok_name' },
    ]);
    expect((await refusal(unknown.body, unknown.contentType)).errors).toEqual([
      { path: 'email', message: 'is not a part this operation accepts' },
      { path: 'emailVerify', message: 'is not a part this operation accepts' },
    ]);

    const imageAsText = multipart([{ name: 'image', value: 'data:image/png;base64,AAAA' }]);
    expect((await refusal(imageAsText.body, imageAsText.contentType)).errors).toEqual([
      { path: 'image', message: 'must be a file part (with a filename)' },
    ]);
    const nameAsFile = multipart([{ name: 'username', file: Buffer.from('grace') }]);
    expect((await refusal(nameAsFile.body, nameAsFile.contentType)).errors).toEqual([
      { path: 'username', message: 'must be a text part, not a file' },
    ]);
    const emptyImage = multipart([{ name: 'image', file: Buffer.alloc(0) }]);
    expect((await refusal(emptyImage.body, emptyImage.contentType)).errors).toEqual([{ path: 'image', message: 'is empty' }]);
    const huge = multipart([{ name: 'password', value: 'x'.repeat(5000) }]);
    expect((await refusal(huge.body, huge.contentType)).errors).toEqual([{ path: 'password', message: 'is too long' }]);
  });

  it('refuses a form without parts, or no body at all, with 400', async () => {
    const none = `--${B}--\r\n`;
    expect((await refusal(none, CT)).code).toBe('VALIDATION_FAILED');
    expect((await refusal(null, CT)).code).toBe('VALIDATION_FAILED');
    expect((await refusal(null, undefined)).code).toBe('VALIDATION_FAILED');
  });

  it('refuses an image over 4 MiB with 413 before parsing it', async () => {
    const form = multipart([{ name: 'image', file: Buffer.concat([aPng(), Buffer.alloc(4 * 1024 * 1024)]) }]);
    expect([(await refusal(form.body, form.contentType)).status]).toEqual([413]);
  });

  it('reads the boundary from the content type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data;charset=utf-8; Boundary="a:b"')).toBe('a:b');
  });
});
