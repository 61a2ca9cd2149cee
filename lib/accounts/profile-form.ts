// Reads the profile update's multipart/form-data body with lambda-multipart-parser, behind a strict structural check.
//
// The parser (its busboy is @fastify/busboy, the maintained fork with busboy 0.3's API: see package.json
// `overrides`) silently keeps the last of duplicate fields, drops empty files and accepts a body without any part;
// the original busboy 0.3 / dicer also crashed on a header line starting with whitespace (CVE-2022-24434). So the
// body's structure is checked here first: every malformed body is a 400 before the parser sees it, and whatever
// the parser still rejects is a 400 too.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { parse } from 'lambda-multipart-parser';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType, validationFailed, type FieldError } from '#lib/errors.ts';
import { MAX_IMAGE_BYTES } from '#lib/accounts/profile-image.ts';

const TEXT_PARTS = ['username', 'password', 'currentPassword', 'phoneNumber'] as const;
type TextPart = (typeof TEXT_PARTS)[number];
const FILE_PARTS = ['image'] as const;
const KNOWN_PARTS = new Set<string>([...TEXT_PARTS, ...FILE_PARTS]);

/** Text parts longer than this (bytes) are refused before parsing; every text rule is far below it. */
const MAX_TEXT_PART_BYTES = 1024;

interface UploadedFile {
  bytes: Buffer;
  filename: string;
  /** As declared by the client; never trusted (the image is recognised by its content). */
  declaredType: string;
}

export interface ProfileForm {
  text: Partial<Record<TextPart, string>>;
  image?: UploadedFile;
}

interface ScannedPart {
  name: string;
  isFile: boolean;
  size: number;
}

const malformed = (detail: string) => badRequest('MALFORMED_MULTIPART', `the multipart body is malformed: ${detail}`);

/** `multipart/form-data; boundary=…` → the boundary; other types → 415. */
export function multipartBoundary(contentType: string | undefined): string {
  const [type, ...params] = (contentType ?? '').split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') {
    throw unsupportedMediaType(`expected multipart/form-data, got ${contentType || 'no content type'}`);
  }
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2]!;
  }
  throw malformed('the Content-Type names no boundary');
}

const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
const DISPOSITION_NAME = /(?:^|;)\s*name\s*=\s*(?:"((?:[^"\\\r\n]|\\.)*)"|([^;\s"]+))/i;
const DISPOSITION_FILENAME = /(?:^|;)\s*filename\*?\s*=/i;

/** Checks one part's header block and names it. */
function scanHeaders(block: string, index: number): { name: string; isFile: boolean } {
  let disposition: string | undefined;
  for (const line of block.split('\r\n')) {
    // A line starting with whitespace is an obsolete header continuation: exactly what crashes dicer.
    const match = HEADER_LINE.exec(line);
    if (!match) throw malformed(`part ${index + 1} has an ill-formed header line`);
    if (match[1]!.toLowerCase() === 'content-disposition') {
      if (disposition !== undefined) throw malformed(`part ${index + 1} has two Content-Disposition headers`);
      disposition = match[2]!;
    }
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw malformed(`part ${index + 1} is not a form-data part`);
  const name = DISPOSITION_NAME.exec(disposition.slice(disposition.indexOf(';')));
  if (!name) throw malformed(`part ${index + 1} has no name`);
  return { name: (name[1] ?? name[2]!).replace(/\\(.)/g, '$1'), isFile: DISPOSITION_FILENAME.test(disposition) };
}

/** Splits the body on its boundary and checks every delimiter and header block (RFC 7578 / RFC 2046). */
function scanMultipart(body: Buffer, boundary: string): ScannedPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // The first delimiter opens the body, or ends a preamble on a line of its own.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(nextDelimiter);
  if (at < 0) throw malformed('no part delimiter found');
  if (at > 0) at += 2;
  const parts: ScannedPart[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
    // Transport padding may follow a delimiter before its line ends.
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') throw malformed('a delimiter line is not terminated');
    at += 2;
    const end = body.indexOf(nextDelimiter, at);
    if (end < 0) throw malformed('the body ends before the closing delimiter (truncated?)');
    const headerEnd = body.indexOf('\r\n\r\n', at, 'latin1');
    const emptyHeaders = body.subarray(at, at + 2).toString('latin1') === '\r\n';
    if (emptyHeaders || headerEnd < 0 || headerEnd > end) throw malformed(`part ${parts.length + 1} has no headers`);
    const { name, isFile } = scanHeaders(body.subarray(at, headerEnd).toString('latin1'), parts.length);
    parts.push({ name, isFile, size: end - (headerEnd + 4) });
    at = end + 2;
  }
}

const noParts = () => validationFailed([{ path: '', message: `at least one part is required (${[...KNOWN_PARTS].join(', ')})` }]);

/** Rejects unknown, repeated, misplaced and oversized parts by name, all at once. */
function checkParts(parts: ScannedPart[]): void {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (!KNOWN_PARTS.has(part.name)) errors.push({ path: part.name, message: 'is not a part this operation accepts' });
    else if (seen.has(part.name)) errors.push({ path: part.name, message: 'is given more than once' });
    else if (part.name === 'image' && !part.isFile) errors.push({ path: part.name, message: 'must be a file part (with a filename)' });
    else if (part.name !== 'image' && part.isFile) errors.push({ path: part.name, message: 'must be a text part, not a file' });
    else if (part.name === 'image' && part.size === 0) errors.push({ path: part.name, message: 'is empty' });
    else if (part.name !== 'image' && part.size > MAX_TEXT_PART_BYTES) errors.push({ path: part.name, message: 'is too long' });
    seen.add(part.name);
  }
  if (parts.length === 0) throw noParts();
  if (errors.length > 0) throw validationFailed(errors);
  const image = parts.find((part) => part.name === 'image');
  if (image && image.size > MAX_IMAGE_BYTES) throw payloadTooLarge(`image must be at most ${MAX_IMAGE_BYTES} bytes (4 MiB)`);
}

/**
 * The form of a profile update request: 415 unless multipart/form-data, 400 MALFORMED_MULTIPART for a body that
 * is not well-formed multipart, 400 VALIDATION_FAILED naming unknown, repeated or misplaced parts (or none), 413
 * for an image over 4 MiB. Values are not judged here (see profile-update.ts).
 */
export async function readProfileForm(
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>,
  contentType: string | undefined,
): Promise<ProfileForm> {
  const hasBody = typeof event.body === 'string' && event.body.length > 0;
  if (!hasBody && !contentType) throw noParts();
  const boundary = multipartBoundary(contentType);
  if (!hasBody) throw noParts();
  const body = Buffer.from(event.body!, event.isBase64Encoded ? 'base64' : 'utf8');
  const scanned = scanMultipart(body, boundary);
  checkParts(scanned);

  let parsed: Awaited<ReturnType<typeof parse>>;
  try {
    // The parser gets the checked bytes exactly, base64 as API Gateway delivers binary bodies.
    parsed = await parse({
      headers: { 'content-type': contentType! },
      body: body.toString('base64'),
      isBase64Encoded: true,
    } as unknown as APIGatewayProxyEvent);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformed('the parts cannot be read');
  }

  // What the parser found must be exactly what the scan found, byte counts included.
  const form: ProfileForm = { text: {} };
  const files = Array.isArray(parsed.files) ? parsed.files : [];
  for (const part of scanned) {
    if (part.isFile) {
      const file = files.find((f) => f.fieldname === part.name);
      if (!file || file.content.length !== part.size) throw malformed(`part ${part.name} cannot be read`);
      form.image = { bytes: file.content, filename: file.filename, declaredType: file.contentType };
    } else {
      const value = (parsed as Record<string, unknown>)[part.name];
      if (typeof value !== 'string') throw malformed(`part ${part.name} cannot be read`);
      form.text[part.name as TextPart] = value;
    }
  }
  if (files.length !== scanned.filter((part) => part.isFile).length) throw malformed('unexpected file parts');
  return form;
}
