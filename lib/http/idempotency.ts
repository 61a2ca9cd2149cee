// The optional Idempotency-Key of the operations that create something: the same claim, replay and refusals as the
// buy's key (lib/partner/idempotency.ts), around the whole operation. An operation opts in with one member of its
// declaration, `idempotency: idempotencyKeys`, which also puts the header and its 409s in the document.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod/mini';
import type { IdempotencyHandling } from '#lib/http/operation.ts';
import { idempotencyKeyHeader } from '#lib/partner/buy-schemas.ts';
import type { StoredResponse } from '#lib/db/idempotency-repo.ts';
import { claimKey, completeKey, releaseKey, requestHash } from '#lib/partner/idempotency.ts';
import { IDEMPOTENCY_HEADER } from '#lib/partner/schemas.ts';
import { parseInput } from '#lib/validation.ts';

/** The header as a member, so a refusal names it (400 VALIDATION_FAILED, path `Idempotency-Key`). */
const headerInput = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeyHeader });

/** The account whose keys these are: the partner behind an API key, or the signed-in user (the same account). */
function accountOf(principal: unknown): number {
  const caller = principal as { partnerId?: unknown; id?: unknown } | undefined;
  const account = caller?.partnerId ?? caller?.id;
  if (typeof account !== 'number') throw new Error('an idempotent operation needs a partner or a signed-in user');
  return account;
}

/**
 * The table never holds what these answers show once (a new API key, a webhook secret): the record is stored under the
 * SHA-256 of the Idempotency-Key, and the answer's body sealed (AES-256-GCM) with a key derived from the
 * Idempotency-Key itself, which only its client knows. The record alone opens nothing.
 */
const recordKeyOf = (key: string): string => `sha256:${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
const sealingKeyOf = (key: string, account: number): Buffer =>
  Buffer.from(hkdfSync('sha256', key, `idempotency:${account}`, 'stored answer', 32));
const SEALED = 'sealed:v1:';

function seal(body: string, key: string, account: number, recordKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKeyOf(key, account), iv).setAAD(Buffer.from(recordKey));
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return SEALED + [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64')).join(':');
}

function open(stored: StoredResponse, key: string, account: number, recordKey: string): string {
  const [iv, sealed, tag] = stored.body
    .slice(SEALED.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKeyOf(key, account), iv!).setAAD(Buffer.from(recordKey));
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

/**
 * Without the header the operation runs as usual. With it: a first request runs and, when it succeeds (2xx), its answer
 * is kept 24 h and replayed byte for byte (`Idempotent-Replayed: true`) to the same request with the same key; any
 * refusal frees the key, so a retry runs afresh. Another request with the key → 409 IDEMPOTENCY_MISMATCH; the same one
 * while the first still runs → 409 REQUEST_IN_PROGRESS. The request is the method, the route, its path parameters and
 * the body as canonical JSON.
 */
export const idempotencyKeys: IdempotencyHandling = {
  async run({ ctx, principal, request, requestId, respond }) {
    const presented = request.headers['idempotency-key'];
    if (presented === undefined) return respond();
    const key = parseInput(headerInput, { [IDEMPOTENCY_HEADER]: presented })[IDEMPOTENCY_HEADER];
    const account = accountOf(principal);
    const { event } = request;
    const hash = requestHash(request.method, event.resource, { path: request.pathParameters, body: request.body ?? null });
    const recordKey = recordKeyOf(key);
    const claim = await claimKey(ctx, account, recordKey, hash);
    if (claim.kind === 'replay') {
      const { status, contentType } = claim.response;
      const headers: Record<string, string> = { 'x-request-id': requestId, 'idempotent-replayed': 'true' };
      if (contentType) headers['content-type'] = contentType;
      return { statusCode: status, headers, body: open(claim.response, key, account, recordKey) };
    }
    let response: APIGatewayProxyResult;
    try {
      response = await respond();
    } catch (error) {
      await releaseKey(ctx, account, recordKey, claim.ownerToken).catch(() => undefined);
      throw error;
    }
    const contentType = String(response.headers?.['content-type'] ?? '');
    // The operation's work is done: a failure to keep its answer must not turn it into an error (the marker lapses
    // after its lease and a retry then runs again).
    const stored = { status: response.statusCode, contentType, body: seal(response.body, key, account, recordKey) };
    await completeKey(ctx, account, recordKey, claim.ownerToken, stored).catch(() => undefined);
    return response;
  },
};
