// `npm run smoke -- --base <stage URL>`: the post-deploy smoke test an operator runs against a stage (or the local
// server). Public checks: the listing, the OpenAPI document, the JWKS, an unknown route's problem answer; with
// --email, a sign-in code requested to that address; with --api-key, a partner dry run (pick an available plaque,
// look it up, see its owner, hold it for --buyer-wallet) that stops before the buy: nothing is sold, and the hold
// lapses after 10 minutes. One line per check; exit code 1 when any failed. The checks call the service through the
// client package partners use (packages/client), its retries off: the smoke test reports what the stage answers.
import '#lib/runtime/node-support.ts';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { createPlaqueClient } from '@plaque-marketplace/client';

export interface SmokeOptions {
  base: string;
  /** Request a sign-in code to this address (it receives a real mail on a stage). */
  email?: string;
  /** A partner API key: run the partner dry run. */
  apiKey?: string;
  /** The wallet the dry run's hold names (default: a burn address nobody holds). */
  buyerWallet?: string;
  /** Milliseconds one request may take. */
  timeoutMs?: number;
}

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

const BURN_WALLET = '0x000000000000000000000000000000000000dEaD';

class CheckFailed extends Error {}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Why a request got no answer, in words: fetch's own message is "fetch failed", and the reason (refused, unknown host,
 * certificate) is in its cause.
 */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const reasons: string[] = [];
  for (let e: unknown = error; e instanceof Error && reasons.length < 4; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    reasons.push(code && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return reasons.length > 0 ? reasons.join(': ') : String(error);
}

export async function smoke(options: SmokeOptions): Promise<SmokeCheck[]> {
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`;
  const timeout = options.timeoutMs ?? 15_000;
  const checks: SmokeCheck[] = [];

  // One attempt a call, within the timeout; the public checks send no key.
  const clientOf = (apiKey?: string) =>
    createPlaqueClient({
      baseUrl: base,
      ...(apiKey !== undefined && { apiKey }),
      retry: { attempts: 1 },
      fetch: (request) => fetch(request, { signal: AbortSignal.timeout(timeout) }),
    });
  const service = clientOf();

  /** A typed call's answer, its body the parsed success or problem. */
  const answerOf = async (result: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> => {
    const { data, error, response } = await result;
    return { status: response.status, headers: response.headers, body: data ?? error };
  };

  const expectStatus = (answer: Answer, ...wanted: number[]) => {
    if (!wanted.includes(answer.status)) {
      const problem = answer.body as { code?: string; detail?: string };
      throw new CheckFailed(
        `answered ${answer.status}${problem?.code ? ` ${problem.code}` : ''}${problem?.detail ? `: ${problem.detail}` : ''}`,
      );
    }
    if (!answer.headers.get('x-request-id')) throw new CheckFailed(`answered ${answer.status} without x-request-id`);
  };

  async function check<T>(name: string, run: () => Promise<{ detail: string; value?: T }>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const { detail, value } = await run();
      checks.push({ name, ok: true, detail, ms: Math.round(performance.now() - started) });
      return value;
    } catch (error) {
      const detail = error instanceof CheckFailed ? error.message : `request failed: ${failureOf(error, timeout)}`;
      checks.push({ name, ok: false, detail, ms: Math.round(performance.now() - started) });
      return undefined;
    }
  }

  await check('listing', async () => {
    const answer = await answerOf(service.GET('/plaques/featured', { params: { query: { limit: 2 } } }));
    expectStatus(answer, 200);
    const page = answer.body as { count?: unknown; plaques?: unknown[]; nextCursor?: unknown };
    if (typeof page.count !== 'number' || !Array.isArray(page.plaques) || !('nextCursor' in page)) {
      throw new CheckFailed('the body is not { count, plaques, nextCursor }');
    }
    return { detail: `${page.count} featured plaque(s)` };
  });

  await check('openapi', async () => {
    const answer = await answerOf(service.GET('/openapi.json'));
    expectStatus(answer, 200);
    const doc = answer.body as { openapi?: string; paths?: Record<string, unknown> };
    if (!doc.openapi?.startsWith('3.1') || !doc.paths?.['/plaques/featured'])
      throw new CheckFailed("not the service's OpenAPI 3.1 document");
    return { detail: `OpenAPI ${doc.openapi}, ${Object.keys(doc.paths).length} paths` };
  });

  await check('jwks', async () => {
    const answer = await answerOf(service.GET('/.well-known/jwks.json'));
    expectStatus(answer, 200);
    const keys = (answer.body as { keys?: { kid?: string; alg?: string }[] }).keys ?? [];
    if (keys.length === 0 || keys.some((k) => !k.kid || k.alg !== 'ES256'))
      throw new CheckFailed('no ES256 keys with a kid: are the JWT keys filled (init-stage)?');
    return { detail: `${keys.length} key(s): ${keys.map((k) => k.kid).join(', ')}` };
  });

  await check('errors', async () => {
    // Outside the document: the one call the client cannot name.
    const response = await fetch(new URL('no-such-route-smoke', base.endsWith('/') ? base : `${base}/`), {
      signal: AbortSignal.timeout(timeout),
    });
    const answer: Answer = { status: response.status, headers: response.headers, body: await response.json().catch(() => undefined) };
    expectStatus(answer, 404);
    if (
      !String(answer.headers.get('content-type')).startsWith('application/problem+json') ||
      (answer.body as { code?: string }).code !== 'NOT_FOUND'
    ) {
      throw new CheckFailed('an unknown route did not answer 404 problem+json NOT_FOUND');
    }
    return { detail: '404 NOT_FOUND as problem+json' };
  });

  if (options.email) {
    const email = options.email;
    await check('sign-in code', async () => {
      const answer = await answerOf(service.POST('/auth/email-verification-code', { body: { email } }));
      if (answer.status === 429 && (answer.body as { code?: string }).code === 'RESEND_TOO_SOON') {
        return { detail: `a code was sent to ${email} less than a minute ago (429 RESEND_TOO_SOON): the flow answers` };
      }
      expectStatus(answer, 202);
      return { detail: `code sent to ${(answer.body as { sentTo?: string }).sentTo}` };
    });
  }

  if (options.apiKey) {
    const partner = clientOf(options.apiKey);
    const plaqueId = await check<number>('partner: an available plaque', async () => {
      const answer = await answerOf(
        service.POST('/plaques/featured', { body: { filters: { status: ['AVAILABLE'], featured: true }, limit: 1 } }),
      );
      expectStatus(answer, 200);
      const id = (answer.body as { plaques: { id: number }[] }).plaques[0]?.id;
      if (id === undefined) throw new CheckFailed('no featured plaque is AVAILABLE');
      return { detail: `plaque ${id}`, value: id };
    });
    if (plaqueId !== undefined) {
      await check('partner: lookup', async () => {
        const answer = await answerOf(partner.GET('/partner/plaques/{id}/lookup', { params: { path: { id: String(plaqueId) } } }));
        expectStatus(answer, 200);
        const lookup = answer.body as { available: boolean; mintable: boolean; reasons: string[] };
        if (!lookup.mintable)
          throw new CheckFailed(`plaque ${plaqueId} is not mintable on the chain (${lookup.reasons.join(', ')}): contract and minter?`);
        // The key's quota window, which every answer to a key tells (docs/partner.md).
        const policy = answer.headers.get('ratelimit-policy');
        const window = answer.headers.get('ratelimit');
        if (policy === null || window === null) throw new CheckFailed('the answer carries no RateLimit-Policy and RateLimit headers');
        return { detail: `available ${lookup.available}, mintable ${lookup.mintable}; key quota ${policy}, now ${window}` };
      });
      await check('partner: owner', async () => {
        const answer = await answerOf(partner.GET('/partner/plaques/{id}/owner', { params: { path: { id: String(plaqueId) } } }));
        expectStatus(answer, 200);
        const owner = answer.body as { username: string; walletAddress: string | null };
        return { detail: `${owner.username} (${owner.walletAddress ?? 'no wallet yet'})` };
      });
      await check('partner: prepare (no buy)', async () => {
        const answer = await answerOf(
          partner.POST('/partner/plaques/{id}/prepare', {
            params: { path: { id: String(plaqueId) } },
            body: { buyerWallet: options.buyerWallet ?? BURN_WALLET },
          }),
        );
        expectStatus(answer, 200);
        const hold = answer.body as { reservationId: string; expiresAt: string; token: { contractAddress: string } };
        return { detail: `held until ${hold.expiresAt} (${hold.reservationId}) on ${hold.token.contractAddress}; not bought` };
      });
    }
  }
  return checks;
}

async function main(): Promise<void> {
  const program = new Command()
    .name('npm run smoke --')
    .description('Smoke-test a deployed stage (or the local server) after a deploy.')
    .requiredOption(
      '--base <url>',
      'the stage URL (stack output ApiUrl, or the custom domain), e.g. https://….execute-api.eu-west-1.amazonaws.com/v1/',
    )
    .option('--email <address>', 'also request a sign-in code to this address (it gets a real mail)')
    .option('--api-key <key>', 'also run the partner dry run with this key: lookup, owner and a 10-minute hold, never a buy')
    .option('--buyer-wallet <0x…>', 'the wallet the dry run holds the plaque for', BURN_WALLET)
    .parse();
  const options = program.opts<SmokeOptions>();
  if (!URL.canParse(options.base) || !/^https?:$/.test(new URL(options.base).protocol))
    program.error(`--base must be an http(s) URL, got ${options.base}`);
  const checks = await smoke(options);
  for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name.padEnd(28)} ${String(c.ms).padStart(5)} ms  ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(
    failed === 0
      ? `All ${checks.length} checks passed against ${options.base}.`
      : `${failed} of ${checks.length} checks failed against ${options.base}.`,
  );
  if (failed > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
