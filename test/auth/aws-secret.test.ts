// The SigV4-signed Secrets Manager read the authorizer uses instead of the SDK.
import { describe, expect, it } from 'vitest';
import { readSecretString, regionOfArn, signRequest } from '#lib/auth/aws-secret.ts';

// AWS's published Signature Version 4 test suite (get-vanilla, post-x-www-form-urlencoded).
const EXAMPLE = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const SUITE_TIME = new Date('2015-08-30T12:36:00Z');
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:PlaqueApi-staging/jwt-signing-keys-AbCdEf';

describe('signRequest', () => {
  it('matches the test suite for a plain GET', async () => {
    const headers = await signRequest(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', headers: {}, body: '' },
      { region: 'us-east-1', service: 'service', at: SUITE_TIME },
      EXAMPLE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it('matches the test suite for a POST with a body and a content type', async () => {
    const headers = await signRequest(
      {
        method: 'POST',
        host: 'example.amazonaws.com',
        path: '/',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'Param1=value1',
      },
      { region: 'us-east-1', service: 'service', at: SUITE_TIME },
      EXAMPLE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
    );
  });

  it('signs the session token of temporary credentials', async () => {
    const headers = await signRequest(
      { method: 'GET', host: 'example.amazonaws.com', path: '/', headers: {}, body: '' },
      { region: 'us-east-1', service: 'service', at: SUITE_TIME },
      { ...EXAMPLE, sessionToken: 'TOKEN' },
    );
    expect(headers['x-amz-security-token']).toBe('TOKEN');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });
});

describe('readSecretString', () => {
  it('calls GetSecretValue in the secret’s region and returns its string', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ ARN, Name: 'x', SecretString: '{"hello":"world"}' }), { status: 200 });
    }) as unknown as typeof fetch;
    const value = await readSecretString(ARN, { credentials: { ...EXAMPLE, sessionToken: 'T' }, fetch: fakeFetch, now: () => SUITE_TIME });
    expect(value).toBe('{"hello":"world"}');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://secretsmanager.eu-west-1.amazonaws.com/');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(headers['x-amz-security-token']).toBe('T');
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20150830\/eu-west-1\/secretsmanager\/aws4_request, /);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ SecretId: ARN });
  });

  it('reports the error type of a refused call, never the response text', async () => {
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ __type: 'AccessDeniedException', Message: 'User arn:aws:sts::1:assumed-role/x is not authorized' }), {
        status: 400,
      })) as unknown as typeof fetch;
    const failure = readSecretString(ARN, { credentials: EXAMPLE, fetch: fakeFetch });
    await expect(failure).rejects.toThrow('GetSecretValue failed with 400 (AccessDeniedException)');
    await expect(failure).rejects.not.toThrow(/assumed-role/);
  });

  it('names the region of an ARN', () => {
    expect(regionOfArn(ARN)).toBe('eu-west-1');
    expect(() => regionOfArn('not-an-arn')).toThrow();
  });
});
