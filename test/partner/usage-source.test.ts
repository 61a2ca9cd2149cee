// The usage plan's counts through the real API Gateway client, against a local stand-in for API Gateway's REST
// endpoint (GET /usageplans/{id}/usage): what is asked, and how its daily [used, remaining] pairs are read.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { apiGatewayUsageSource } from '#lib/partner/usage-source.ts';
import { AppError } from '#lib/errors.ts';

interface Asked {
  path: string;
  query: Record<string, string>;
}

const asked: Asked[] = [];
/** What the stand-in answers next: status and body. */
let answer: (asked: Asked) => { status: number; body: unknown; headers?: Record<string, string> };
let server: Server;
let client: APIGatewayClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const request = { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    asked.push(request);
    const { status, body, headers } = answer(request);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  client = new APIGatewayClient({
    region: 'eu-west-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  client?.destroy();
  await new Promise((done) => server.close(done));
});

describe('the usage plan as usage source', () => {
  it("asks for each key alone over the window and reads the daily pairs from the window's first day", async () => {
    asked.length = 0;
    answer = ({ query }) => ({
      status: 200,
      body: {
        usagePlanId: 'plan7',
        startDate: query.startDate,
        endDate: query.endDate,
        values:
          query.keyId === 'k1'
            ? {
                k1: [
                  [4, 96],
                  [0, 100],
                  [11, 89],
                ],
              }
            : {
                k2: [
                  [0, 100],
                  [2, 98],
                  [0, 100],
                ],
              },
      },
    });
    const source = apiGatewayUsageSource({ usagePlanId: 'plan7', client });
    const usage = await source.dailyRequests(1, ['k1', 'k2'], '2026-02-27', '2026-03-01');
    expect(asked.map((a) => a.path)).toEqual(['/usageplans/plan7/usage', '/usageplans/plan7/usage']);
    expect(asked.map((a) => a.query).sort((a, b) => a.keyId!.localeCompare(b.keyId!))).toEqual([
      { keyId: 'k1', startDate: '2026-02-27', endDate: '2026-03-01' },
      { keyId: 'k2', startDate: '2026-02-27', endDate: '2026-03-01' },
    ]);
    expect(usage).toEqual(
      new Map([
        [
          'k1',
          new Map([
            ['2026-02-27', 4],
            ['2026-03-01', 11],
          ]),
        ],
        ['k2', new Map([['2026-02-28', 2]])],
      ]),
    );
  });

  it('reads no other key than the one it asked for, and takes a key API Gateway does not report as unused', async () => {
    answer = () => ({ status: 200, body: { usagePlanId: 'plan7', values: { other: [[9, 91]] } } });
    const usage = await apiGatewayUsageSource({ usagePlanId: 'plan7', client }).dailyRequests(1, ['gone'], '2026-03-01', '2026-03-01');
    expect(usage).toEqual(new Map([['gone', new Map()]]));
  });

  it('answers 503 USAGE_UNAVAILABLE with Retry-After when API Gateway throttles or fails', async () => {
    for (const [status, type] of [
      [429, 'TooManyRequestsException'],
      [503, 'ServiceUnavailableException'],
    ] as const) {
      answer = () => ({ status, body: { message: 'slow down' }, headers: { 'x-amzn-errortype': type } });
      const failure = await apiGatewayUsageSource({ usagePlanId: 'plan7', client })
        .dailyRequests(1, ['k1'], '2026-03-01', '2026-03-01')
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 503, code: 'USAGE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    }
  });
});
