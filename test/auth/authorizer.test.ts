// The TOKEN authorizer: Allow for the whole stage with { userId, tv }, 'Unauthorized' for anything else, and small.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { handler } from '#functions/auth/authorizer.ts';
import { newKeySet } from '#lib/auth/key-generation.ts';
import { localJwtKeyStore, useJwtKeyStore, type JwtKeyStore } from '#lib/auth/key-store.ts';
import { bearerToken, stageWildcardArn } from '#lib/auth/authorizer-policy.ts';
import { issueAccessToken } from '#lib/auth/issue-token.ts';
import { buildBundle } from '../../infra/bundling.ts';

const METHOD_ARN = 'arn:aws:execute-api:eu-west-1:123456789012:abc123/staging/GET/auth/profile';
const event = (authorizationToken: string): APIGatewayTokenAuthorizerEvent => ({
  type: 'TOKEN',
  authorizationToken,
  methodArn: METHOD_ARN,
});

let store: JwtKeyStore;
beforeAll(() => {
  store = localJwtKeyStore(mkdtempSync(join(tmpdir(), 'plaque-authz-')), newKeySet);
  useJwtKeyStore(store);
});

describe('authorizer', () => {
  it('allows every method and path of the stage, passing userId and tv as strings', async () => {
    const token = await issueAccessToken(store, { userId: 12, tv: 4 }, new Date());
    const result = await handler(event(`Bearer ${token}`));
    expect(result).toEqual({
      principalId: '12',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:aws:execute-api:eu-west-1:123456789012:abc123/staging/*/*' },
        ],
      },
      context: { userId: '12', tv: '4' },
    });
  });

  it('accepts the scheme in any case', async () => {
    const token = await issueAccessToken(store, { userId: 3, tv: 1 }, new Date());
    await expect(handler(event(`bearer ${token}`))).resolves.toMatchObject({ principalId: '3' });
  });

  it("throws exactly 'Unauthorized' (API Gateway's 401) for a missing scheme, another scheme or a bad token", async () => {
    const token = await issueAccessToken(store, { userId: 3, tv: 1 }, new Date());
    for (const header of [token, `Basic ${token}`, 'Bearer', 'Bearer not-a-jwt', `Bearer ${token}x`, '']) {
      await expect(handler(event(header))).rejects.toThrow(/^Unauthorized$/);
    }
  });

  it('fails with its own error, not a 401, when the keys cannot be read', async () => {
    const token = await issueAccessToken(store, { userId: 3, tv: 1 }, new Date());
    useJwtKeyStore(localJwtKeyStore(join(tmpdir(), 'plaque-no-such-dir', String(Date.now()))));
    try {
      await expect(handler(event(`Bearer ${token}`))).rejects.toThrow(/does not exist/);
    } finally {
      useJwtKeyStore(store);
    }
  });
});

describe('authorizer pieces', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('BEARER   a.b.c ')).toBe('a.b.c');
    expect(bearerToken('Bearer a.b.c d')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('derives the stage wildcard from any method ARN of the stage', () => {
    expect(stageWildcardArn('arn:aws:execute-api:us-east-1:1:api/prod/POST/partner/api-keys')).toBe(
      'arn:aws:execute-api:us-east-1:1:api/prod/*/*',
    );
    expect(() => stageWildcardArn('nonsense')).toThrow();
  });
});

describe('authorizer bundle', () => {
  it('stays within 50 KB and carries no DynamoDB client, middy or AWS SDK', async () => {
    const bundle = await buildBundle('functions/auth/authorizer.ts', join(tmpdir(), `plaque-authorizer-bundle-${process.pid}`));
    expect(bundle.bytes).toBeLessThanOrEqual(50 * 1024);
    const { readFile } = await import('node:fs/promises');
    const code = await readFile(bundle.file, 'utf8');
    expect(code).not.toMatch(/DynamoDB|@middy|SecretsManagerClient|smithy/);
  }, 60_000);
});
