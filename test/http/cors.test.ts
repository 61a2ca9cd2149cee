// CORS on the functions' own answers: in AWS every HTTP function names the stage's one browser origin (its partner
// dashboard, CORS_ALLOW_ORIGIN) on successes and refusals alike, so the page can read both; locally none is sent.
// Each case runs a handler in a fresh process, as a Lambda cold start reads its environment.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ORIGIN = 'https://d111111abcdef8.cloudfront.net';

/** The openapi function's answers to a GET, and to a GET with a body (refused: it takes none), in a process with `env`. */
async function answers(env: Record<string, string>): Promise<Array<{ statusCode: number; headers: Record<string, string> }>> {
  const script = `
    const { handler } = await import('#functions/system/openapi.ts');
    const event = (body) => ({ httpMethod: 'GET', path: '/openapi.json', headers: body ? { 'content-type': 'application/json' } : {}, body, requestContext: { requestId: 'r1' } });
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
    const [success, refusal] = await answers({ CORS_ALLOW_ORIGIN: ORIGIN });
    expect(success!.statusCode).toBe(200);
    expect(refusal!.statusCode).toBe(400);
    for (const { headers } of [success!, refusal!]) {
      expect(headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(headers['access-control-expose-headers']).toBe('x-request-id, retry-after');
    }
  });

  it('are absent where no origin is configured (the local server serves the page on its own origin)', async () => {
    const [success, refusal] = await answers({});
    for (const { headers } of [success!, refusal!]) expect(Object.keys(headers)).not.toContain('access-control-allow-origin');
  });
});
