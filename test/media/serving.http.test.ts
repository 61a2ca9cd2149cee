// Profile images as the local server stores and serves them: a polyglot upload (an image followed by an HTML page) is
// stored as the image alone, and every media answer carries the detected type, nosniff and a Content-Security-Policy
// that runs nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { MEDIA_CONTENT_SECURITY_POLICY } from '#lib/media/serving-headers.ts';
import { PLACEHOLDER_IMAGE_KEY } from '#lib/media/placeholder.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { multipart, signInOverHttp } from '../accounts/flows.ts';
import { aGifWithFrame, aJpegWithScan, aPng, aWebp, HTML_TAIL } from '../accounts/images.ts';

let server: LocalServer;
let ctx: AppContext;

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
  ctx.mediaBaseUrl = `${server.url}/_media`;
  // Sign-in codes reach the outbox through the code mail sender, as `npm start` runs it.
  await startCodeMail(ctx);
});
afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

let n = 0;
/** Uploads `bytes` as a new user's profile image → the image URL the service answers with. */
async function upload(bytes: Buffer, filename: string, type: string): Promise<string> {
  const { token } = await signInOverHttp(server.url, ctx.dataDir, `media${++n}-${process.pid}@example.com`);
  const form = multipart([{ name: 'image', file: bytes, filename, type }]);
  const response = await fetch(`${server.url}/auth/profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: form.body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { user: { image: string } }).user.image;
}

const storedFile = (url: string) => join(ctx.dataDir, 'media', new URL(url).pathname.slice('/_media/'.length));

function expectMediaHeaders(response: Response, contentType: string): void {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(contentType);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
}

describe('media', () => {
  it.each([
    ['PNG', aPng(8, 8), 'image/png'],
    ['GIF', aGifWithFrame(), 'image/gif'],
    ['JPEG', aJpegWithScan(), 'image/jpeg'],
    ['WebP', aWebp(), 'image/webp'],
  ])('stores a %s/HTML polyglot as the image alone and serves it as that image type only', async (_, image, contentType) => {
    const url = await upload(Buffer.concat([image, HTML_TAIL]), 'page.html', 'text/html');
    expect(readFileSync(storedFile(url)).equals(image)).toBe(true);
    const served = await fetch(url);
    expectMediaHeaders(served, contentType);
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(image)).toBe(true);
    expect(body.toString('latin1')).not.toContain('<script>');
  });

  it('serves the static media with the same headers', async () => {
    expectMediaHeaders(await fetch(`${server.url}/_media/${PLACEHOLDER_IMAGE_KEY}`), 'image/png');
  });
});
