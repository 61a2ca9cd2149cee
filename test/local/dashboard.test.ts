// The partner dashboard on the local server: the built page at /dashboard/ with its Content-Security-Policy, the
// stage's config.json naming this server as the API, nothing outside the build, and the build redone only when stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { dashboardIsStale } from '#lib/local/dashboard-build.ts';
import { dashboardContentSecurityPolicy } from '#lib/partner/dashboard-page.ts';
import { freshTable } from '../support/db.ts';

let server: LocalServer;
let unbuilt: LocalServer;
let dist: string;

/** A build as Vite leaves it: the page, a hashed script and style, and a file beside the page. */
function aBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plaque-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/dashboard/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("dashboard")');
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

beforeAll(async () => {
  const ctx = await freshTable();
  dist = aBuild();
  server = await startLocalServer({ ctx, port: 0, dashboardDir: dist });
  unbuilt = await startLocalServer({ ctx, port: 0, dashboardDir: join(tmpdir(), `plaque-no-dashboard-${process.pid}`) });
});

afterAll(async () => {
  await server?.close();
  await unbuilt?.close();
});

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(
  base: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('GET /dashboard/ on the local server', () => {
  it('serves the page with a strict Content-Security-Policy and the usual protections, revalidated on every visit', async () => {
    const page = await fetch(`${server.url}/dashboard/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-request-id')).toBeTruthy();
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toBe(dashboardContentSecurityPolicy(null));
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp.split('; ')).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('/dashboard/assets/index-abc123.js');
  });

  it('serves hashed assets with their type, cached for good, and answers HEAD without a body', async () => {
    const script = await fetch(`${server.url}/dashboard/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log("dashboard")');
    const style = await fetch(`${server.url}/dashboard/assets/index-abc123.css`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const head = await rawGet(server.url, '/dashboard/favicon.svg', 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers config.json naming this server (the page’s own origin) as the API', async () => {
    const config = await fetch(`${server.url}/dashboard/config.json`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toBe('application/json');
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await config.json()).toEqual({ apiUrl: '/' });
  });

  it('redirects /dashboard to /dashboard/, so the page’s relative paths resolve', async () => {
    const answer = await fetch(`${server.url}/dashboard`, { redirect: 'manual' });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/dashboard/');
  });

  it('answers 404 NOT_FOUND as a problem for a missing file, a path out of the build or an undecodable name', async () => {
    for (const path of [
      '/dashboard/assets/missing.js',
      '/dashboard/../package.json',
      '/dashboard/%2e%2e/%2e%2e/package.json',
      '/dashboard/%E0%A4%A',
    ]) {
      const answer = await rawGet(server.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('application/problem+json');
      expect(JSON.parse(answer.body), path).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('says how to build the page when it was never built', async () => {
    const answer = await fetch(`${unbuilt.url}/dashboard/`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'the dashboard is not built: npm start builds it' });
  });

  it('leaves other methods to the route table (no route there: 404)', async () => {
    const answer = await fetch(`${server.url}/dashboard/`, { method: 'POST' });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('dashboardIsStale', () => {
  /** A web/ folder with one source, in a project folder with a lockfile; every file dated `at` (epoch seconds). */
  function aWebFolder(at: number): { root: string; web: string; source: string; lockfile: string } {
    const root = mkdtempSync(join(tmpdir(), 'plaque-web-'));
    const web = join(root, 'web');
    mkdirSync(join(web, 'src'), { recursive: true });
    const source = join(web, 'src', 'app.tsx');
    const lockfile = join(root, 'package-lock.json');
    writeFileSync(source, 'export {}');
    writeFileSync(lockfile, '{}');
    for (const path of [source, join(web, 'src'), web, lockfile]) utimesSync(path, at, at);
    return { root, web, source, lockfile };
  }
  const built = (web: string, at: number) => {
    mkdirSync(join(web, 'dist'), { recursive: true });
    writeFileSync(join(web, 'dist', 'index.html'), '');
    utimesSync(join(web, 'dist', 'index.html'), at, at);
    // Putting a build in place moves web/'s own time: it is no source.
    utimesSync(web, at + 1, at + 1);
  };

  it('is stale with no build, fresh after one, stale again once a source or the lockfile changes', () => {
    const { web, source, lockfile } = aWebFolder(1_000);
    expect(dashboardIsStale(web)).toBe(true);
    built(web, 2_000);
    expect(dashboardIsStale(web)).toBe(false);
    utimesSync(source, 3_000, 3_000);
    expect(dashboardIsStale(web)).toBe(true);
    built(web, 4_000);
    expect(dashboardIsStale(web)).toBe(false);
    utimesSync(lockfile, 5_000, 5_000);
    expect(dashboardIsStale(web)).toBe(true);
  });
});
