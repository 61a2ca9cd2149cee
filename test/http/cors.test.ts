// CORS for browser pages on other origins: the stage names its origins (its dashboard, then its frontends; locally
// CORS_ALLOW_ORIGINS), every answer of a function names the calling origin when it is one of them, refusals included,
// and the local server answers preflights for them as API Gateway does. Public reads (token and collection metadata,
// the media) and the refusals the server gives itself answer any origin. Each case runs in a fresh process, as a
// Lambda cold start (or an `npm start`) reads its environment.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const DASHBOARD = 'https://d111111abcdef8.cloudfront.net';
const FRONTEND = 'https://shop.example';

/** The openapi function's answers to a GET, and to a GET with a body (refused: it takes none), in a process with `env`. */
async function answers(
  env: Record<string, string>,
  origin?: string,
): Promise<Array<{ statusCode: number; headers: Record<string, string> }>> {
  const script = `
    const { handler } = await import('#functions/system/openapi.ts');
    const headers = ${JSON.stringify(origin ? { origin } : {})};
    const event = (body) => ({ httpMethod: 'GET', path: '/openapi.json', headers: body ? { ...headers, 'content-type': 'application/json' } : headers, body, requestContext: { requestId: 'r1' } });
    const out = [];
    for (const body of [null, '{}']) {
      const { statusCode, headers } = await handler(event(body), {});
      out.push({ statusCode, headers });
    }
    console.log(JSON.stringify(out));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, LOG_LEVEL: 'SILENT', ...env },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('CORS headers on answers', () => {
  it("name the stage's dashboard origin on a success and on a refusal, exposing the request id and Retry-After", async () => {
    const [success, refusal] = await answers({ CORS_ALLOW_ORIGINS: DASHBOARD }, DASHBOARD);
    expect(success!.statusCode).toBe(200);
    expect(refusal!.statusCode).toBe(400);
    for (const { headers } of [success!, refusal!]) {
      expect(headers['access-control-allow-origin']).toBe(DASHBOARD);
      expect(headers['access-control-expose-headers']).toBe(
        'x-request-id, retry-after, ratelimit-policy, ratelimit, plaque-version, link, content-disposition',
      );
    }
  });

  it('name the calling frontend where the stage allows several origins, and vary by Origin', async () => {
    const env = { CORS_ALLOW_ORIGINS: `${DASHBOARD},${FRONTEND}` };
    for (const { headers } of await answers(env, FRONTEND)) {
      expect(headers['access-control-allow-origin']).toBe(FRONTEND);
      expect(headers['vary']).toBe('Origin');
    }
    // Another origin is not named: its browser refuses to show the answer.
    for (const { headers } of await answers(env, 'https://evil.example')) expect(headers['access-control-allow-origin']).toBe(DASHBOARD);
  });

  it('name any origin from a function configured with * (a public read), without varying by Origin', async () => {
    for (const { headers } of await answers({ CORS_ALLOW_ORIGINS: '*' }, 'https://wallet.example')) {
      expect(headers['access-control-allow-origin']).toBe('*');
      expect(headers['access-control-expose-headers']).toBe('x-request-id, retry-after, ratelimit-policy, ratelimit, plaque-version');
      expect(headers['vary']).toBeUndefined();
    }
  });

  it('are absent where no origin is configured (the local server serves the page on its own origin)', async () => {
    const [success, refusal] = await answers({}, FRONTEND);
    for (const { headers } of [success!, refusal!]) expect(Object.keys(headers)).not.toContain('access-control-allow-origin');
  });
});

describe('the local server with CORS_ALLOW_ORIGINS', () => {
  let base = '';
  let stop = (): void => undefined;
  beforeAll(async () => {
    // A local server in its own process with the origin configured (the routes used here read no table).
    const script = `
      const { startLocalServer } = await import('#lib/local/server.ts');
      const { createAppContext } = await import('#lib/runtime/context.ts');
      const server = await startLocalServer({ ctx: createAppContext({ dataDir: process.env.DATA_DIR }), port: 0 });
      console.log(server.url);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, LOG_LEVEL: 'SILENT', CORS_ALLOW_ORIGINS: FRONTEND, DATA_DIR: mkdtempSync(join(tmpdir(), 'plaque-cors-')) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    stop = () => void child.kill();
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const url = out.match(/http:\/\/127\.0\.0\.1:\d+/);
        if (url) resolve(url[0]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
  }, 60_000);
  afterAll(() => stop());

  const preflight = (path: string, origin: string) =>
    fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it("answers a preflight from a configured origin with the path's methods and the headers the operations read", async () => {
    const response = await preflight('/plaques/featured', FRONTEND);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(FRONTEND);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('X-Api-Key');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers a preflight from another origin without CORS headers, and one for an unknown path 404', async () => {
    const other = await preflight('/plaques/featured', 'https://evil.example');
    expect(other.status).toBe(204);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('/no-such-path', FRONTEND)).status).toBe(404);
  });

  it('names the configured origin on the answers it then gets, and any origin on its own refusals', async () => {
    const document = await fetch(`${base}/openapi.json`, { headers: { origin: FRONTEND } });
    expect(document.status).toBe(200);
    expect(document.headers.get('access-control-allow-origin')).toBe(FRONTEND);
    // As API Gateway's gateway responses: they carry no data of anyone's.
    const missing = await fetch(`${base}/no-such-path`, { headers: { origin: FRONTEND } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  const WALLET = 'https://wallet.example';

  it('lets a page of any origin read the token and collection metadata and the media, refusals included', async () => {
    const read = async (path: string, method = 'GET') => {
      const response = await fetch(`${base}${path}`, { method, headers: { origin: WALLET } });
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    const answers = {
      collection: await read('/contract.json'),
      unminted: await read('/tokens/0.json'),
      malformed: await read('/tokens/nope.json'),
      image: await read('/_media/plaques/placeholder.png'),
    };
    expect(Object.values(answers).map((a) => a.status)).toEqual([200, 404, 400, 200]);
    for (const [name, { headers }] of Object.entries(answers)) {
      expect(headers.get('access-control-allow-origin'), name).toBe('*');
      expect(headers.get('access-control-expose-headers'), name).toBe(
        'x-request-id, retry-after, ratelimit-policy, ratelimit, plaque-version',
      );
      expect(headers.get('vary'), name).toBeNull();
    }
  });

  it('answers HEAD on a public read with its headers and no body, and lists HEAD among its methods', async () => {
    const head = await fetch(`${base}/contract.json`, { method: 'HEAD', headers: { origin: WALLET } });
    expect(head.status).toBe(200);
    expect(head.headers.get('access-control-allow-origin')).toBe('*');
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(head.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await head.text()).toBe('');
    const other = await fetch(`${base}/contract.json`, { method: 'DELETE', headers: { origin: WALLET } });
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('GET, HEAD');
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight for a public read from any origin, allowing GET, HEAD and OPTIONS', async () => {
    for (const path of ['/tokens/1.json', '/contract.json', '/_media/plaques/placeholder.png']) {
      const response = await preflight(path, WALLET);
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-methods'), path).toBe('GET, HEAD, OPTIONS');
    }
    // Other paths still answer only the configured origins.
    expect((await preflight('/openapi.json', WALLET)).headers.get('access-control-allow-origin')).toBeNull();
  });
});
