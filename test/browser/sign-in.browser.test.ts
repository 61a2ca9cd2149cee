// A real browser (headless Chromium via playwright-core) signs in with an emailed code and uploads a profile image
// through a FormData POST, against the local server. The page is served by this test on the same origin (a tiny
// proxy in front of the local server), so the API needs no CORS.
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { aPng } from '../accounts/images.ts';
import { awaitCode, launchChromium } from './page-checks.ts';

const PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Plaque sign-in</title>
<form id="request"><input id="email" type="email" required><button id="send">Send code</button></form>
<form id="verify"><input id="code" inputmode="numeric" required><button id="signin">Sign in</button></form>
<form id="upload"><input id="image" type="file" accept="image/*" required><button id="save">Save</button></form>
<p id="status"></p>
<pre id="user"></pre>
<img id="avatar" alt="">
<script>
  let token = null;
  const status = (text) => (document.getElementById('status').textContent = text);
  const show = (user) => {
    document.getElementById('user').textContent = JSON.stringify(user);
    if (user.image) document.getElementById('avatar').src = user.image;
  };
  document.getElementById('request').addEventListener('submit', async (event) => {
    event.preventDefault();
    const response = await fetch('/auth/email-verification-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: document.getElementById('email').value }),
    });
    status(response.status === 202 ? 'code sent' : 'code refused ' + response.status);
  });
  document.getElementById('verify').addEventListener('submit', async (event) => {
    event.preventDefault();
    const response = await fetch('/auth/evaluate-email-verification-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: document.getElementById('email').value, code: document.getElementById('code').value }),
    });
    const body = await response.json();
    if (response.status !== 200) return status('sign-in refused ' + body.code);
    token = body.token;
    show(body.user);
    status('signed in');
  });
  document.getElementById('upload').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData();
    form.append('image', document.getElementById('image').files[0]);
    form.append('username', 'browser_user');
    const response = await fetch('/auth/profile', { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
    const body = await response.json();
    if (response.status !== 201) return status('upload refused ' + body.code);
    token = body.token;
    show(body.user);
    status('saved');
  });
</script>
</html>`;

// Page-side expressions are strings: this project compiles without the DOM library.
const statusIs = (page: Page, text: string) =>
  page.waitForFunction(`document.getElementById('status').textContent === ${JSON.stringify(text)}`);

let api: LocalServer;
let site: Server;
let siteUrl: string;
let ctx: AppContext;
let browser: Browser;

/** Serves the page at / and passes every other request to the local server unchanged. */
function startSite(apiPort: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(PAGE);
    }
    const upstream = request({ host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

beforeAll(async () => {
  ctx = await freshTable();
  await startCodeMail(ctx);
  api = await startLocalServer({ ctx, port: 0 });
  site = await startSite(api.port);
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Image URLs point at the page's origin, which serves /_media through the proxy.
  ctx.mediaBaseUrl = `${siteUrl}/_media`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await stopCodeMail();
  await browser?.close();
  await new Promise((done) => (site ? site.close(done) : done(undefined)));
  site?.closeAllConnections();
  await api?.close();
});

describe('signing in from a browser', () => {
  it('requests a code, signs in with it and uploads a PNG with FormData; the user shows the new image and it loads', async () => {
    const page = await browser.newPage();
    const email = `browser-${process.pid}@example.com`;
    await page.goto(siteUrl);

    await page.fill('#email', email);
    await page.click('#send');
    await statusIs(page, 'code sent');

    await page.fill('#code', await awaitCode(ctx.dataDir, email));
    await page.click('#signin');
    await statusIs(page, 'signed in');
    const signedIn = JSON.parse((await page.textContent('#user'))!) as Record<string, unknown>;
    expect(signedIn).toMatchObject({ email, emailVerify: true, image: null });

    const png = aPng(32, 24, [20, 120, 220]);
    await page.setInputFiles('#image', { name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await page.click('#save');
    await statusIs(page, 'saved');
    const saved = JSON.parse((await page.textContent('#user'))!) as { image: string; username: string };
    expect(saved.username).toBe('browser_user');
    expect(saved.image).toMatch(new RegExp(`^${siteUrl}/_media/users/\\d+/[0-9a-f-]{36}\\.png$`));

    // The browser itself loaded and decoded the uploaded image.
    await page.waitForFunction("document.getElementById('avatar').complete");
    const size = await page.evaluate<{ src: string; width: number; height: number }>(
      "(() => { const img = document.getElementById('avatar'); return { src: img.src, width: img.naturalWidth, height: img.naturalHeight }; })()",
    );
    expect(size).toEqual({ src: saved.image, width: 32, height: 24 });
    await page.close();
  });
});
