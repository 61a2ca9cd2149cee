// The Idempotency-Key layer (Powertools' idempotency is the model): an operation opts in with one member of its
// declaration, `idempotency: idempotencyKeys` (the header optional: creates) or `requiredIdempotencyKey(...)` (the buy),
// which also puts the header and its 409s in the document. Before the operation runs, the layer claims the key for its
// account (an in-progress marker with a lease) or answers a replay; the operation's write takes the claim's `Once`
// (lib/db/idempotency-repo.ts) and stores the answer in the same transaction as its effect, so a retry after a crash at
// any moment finds either the effect and its answer, or neither; afterwards a refusal frees the key, or is kept for
// replay when the operation names it definitive. Its store is lib/db/idempotency-repo.ts.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod/mini';
import { AppError, conflict } from '#lib/errors.ts';
import type { IdempotencyHandling, RequestView } from '#lib/http/operation.ts';
import { dbOf } from '#lib/db/client.ts';
import { idempotencyRepo, type IdempotencyRecord, type Once, type StoredResponse } from '#lib/db/idempotency-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { PROBLEM_CONTENT_TYPE, problemResult } from '#lib/http/problem.ts';
import { parseInput } from '#lib/validation.ts';

/** The header as clients send it; also the `path` of its validation errors. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Key length limits (characters). */
export const KEY_MIN = 8;
export const KEY_MAX = 128;

/**
 * How long a key's in-progress marker holds it: longer than any request can run (API Gateway gives up after 29 s), so
 * a marker older than this belongs to a request that died, and its key may be used again.
 */
export const IN_PROGRESS_LEASE_MS = 60 * 1000;
/** How long a key's answer is kept and replayed. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/** The header's value: printable ASCII without spaces, KEY_MIN to KEY_MAX characters. */
export const idempotencyKeyHeader = z.string().check(
  z.minLength(KEY_MIN),
  z.maxLength(KEY_MAX),
  z.refine((s) => /^[\x21-\x7e]+$/.test(s), 'must be printable ASCII without spaces'),
);

const headerInput = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeyHeader });

/** JSON with object members in code-point order, so member order and whitespace never make two bodies differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request a key answers for: SHA-256 of the method, the route, its path parameters and the body as canonical JSON. */
export const requestHash = (method: string, route: string, path: Record<string, string>, body: unknown): string =>
  createHash('sha256')
    .update(`${method.toUpperCase()} ${route}\n${canonicalJson({ path, body: body ?? null })}`)
    .digest('hex');

const requestHashOf = (request: RequestView): string =>
  requestHash(request.method, request.event.resource, request.pathParameters, request.body);

const requestInProgress = () =>
  conflict('REQUEST_IN_PROGRESS', 'a request with this Idempotency-Key is still being processed; retry shortly', {
    headers: { 'Retry-After': '1' },
  });

/** The account whose keys these are: the partner behind an API key, or the signed-in user (the same account). */
function accountOf(principal: unknown): number {
  const caller = principal as { partnerId?: unknown; id?: unknown } | undefined;
  const account = caller?.partnerId ?? caller?.id;
  if (typeof account !== 'number') throw new Error('an operation that honours Idempotency-Key needs a partner or a signed-in user');
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

function open(body: string, key: string, account: number, recordKey: string): string {
  if (!body.startsWith(SEALED)) return body;
  const [iv, sealed, tag] = body
    .slice(SEALED.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKeyOf(key, account), iv!).setAAD(Buffer.from(recordKey));
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

const expired = (record: IdempotencyRecord, now: Date) => record.ttl * 1000 <= now.getTime();

type Claim = { kind: 'claimed'; ownerToken: string } | { kind: 'replay'; response: StoredResponse };

/**
 * Claims the key for this request, or answers for it: a completed first request with the same hash → its answer
 * (replay); another request → 409 IDEMPOTENCY_MISMATCH; a first request still running → 409 REQUEST_IN_PROGRESS.
 */
async function claim(ctx: AppContext, account: number, recordKey: string, requestHash: string): Promise<Claim> {
  const repo = idempotencyRepo(dbOf(ctx), ctx.tableName);
  // A refused claim names the record holding the key; one that holds it no longer (expired, or its lease lapsed by
  // this request's clock) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.now();
    const ownerToken = randomUUID();
    const outcome = await repo.claim(
      {
        account,
        key: recordKey,
        requestHash,
        state: 'IN_PROGRESS',
        ownerToken,
        lockedUntil: new Date(now.getTime() + IN_PROGRESS_LEASE_MS).toISOString(),
        response: null,
        createdAt: now.toISOString(),
        ttl: Math.floor((now.getTime() + RETENTION_MS) / 1000),
      },
      now,
    );
    if (outcome.kind === 'claimed') return { kind: 'claimed', ownerToken };
    const existing = outcome.holder;
    if (!existing || expired(existing, now)) continue;
    if (existing.requestHash !== requestHash) {
      throw conflict('IDEMPOTENCY_MISMATCH', 'this Idempotency-Key was used for a different request; use a new key for a new request');
    }
    if (existing.state === 'COMPLETED' && existing.response) return { kind: 'replay', response: existing.response };
    if (Date.parse(existing.lockedUntil) > now.getTime()) throw requestInProgress();
  }
  throw requestInProgress();
}

interface Claimed {
  account: number;
  key: string;
  recordKey: string;
  ownerToken: string;
  successStatus: number;
}

/** A claimed key's `Once`, and whether a write has carried its completion. */
function onceOf(ctx: AppContext, claimed: Claimed): Once & { readonly carried: boolean } {
  const repo = idempotencyRepo(dbOf(ctx), ctx.tableName);
  const { account, key, recordKey, ownerToken, successStatus } = claimed;
  let carried = false;
  return {
    get carried() {
      return carried;
    },
    completion(answer) {
      carried = true;
      const body = seal(JSON.stringify(answer), key, account, recordKey);
      return repo.completeItem(account, recordKey, ownerToken, { status: successStatus, contentType: 'application/json', body });
    },
    async settle() {
      const record = await repo.get(account, recordKey);
      if (record?.ownerToken !== ownerToken) return { kind: 'lost' };
      return record.state === 'COMPLETED' ? { kind: 'applied' } : { kind: 'not-applied' };
    },
  };
}

/**
 * Claims `key` of `account` for a write made outside an HTTP request (an operator's tool, a test's fixture), as the layer
 * claims it for a request named `request`: the `Once` the write carries. A key already used answers 409.
 */
export async function claimOnce(ctx: AppContext, account: number, key: string, request: string, successStatus = 201): Promise<Once> {
  const recordKey = recordKeyOf(key);
  const claimed = await claim(ctx, account, recordKey, createHash('sha256').update(request).digest('hex'));
  if (claimed.kind === 'replay') throw conflict('IDEMPOTENCY_MISMATCH', 'this Idempotency-Key was used already');
  return onceOf(ctx, { account, key, recordKey, ownerToken: claimed.ownerToken, successStatus });
}

/** What an operation's answer shows only once, and how to tell whether it still exists when the answer is replayed. */
interface ShownOnce<A> {
  /** The member of the success answer that holds the secret (`apiKey`, `secret`). */
  member: string;
  /** Whether what the answer created is still there: a replay after it is gone answers without the secret. */
  stillExists(ctx: AppContext, answer: A): Promise<boolean>;
}

interface Options<A> {
  mode: 'optional' | 'required';
  /** Refusal codes that are the operation's own outcome: kept and replayed like a success (the buy's). */
  replayedRefusals?: readonly string[];
  shownOnce?: ShownOnce<A>;
}

function layer<A>(options: Options<A>): IdempotencyHandling {
  return {
    mode: options.mode,
    ...(options.replayedRefusals && { replayedRefusals: options.replayedRefusals }),
    async run({ ctx, principal, request, requestId, successStatus, respond }) {
      const presented = request.headers['idempotency-key'];
      if (presented === undefined && options.mode === 'optional') return respond(undefined);
      const key = parseInput(headerInput, { [IDEMPOTENCY_HEADER]: presented })[IDEMPOTENCY_HEADER];
      const account = accountOf(principal);
      const recordKey = recordKeyOf(key);
      const repo = idempotencyRepo(dbOf(ctx), ctx.tableName);
      const claimed = await claim(ctx, account, recordKey, requestHashOf(request));
      if (claimed.kind === 'replay') return replay(ctx, claimed.response, key, account, recordKey, requestId, options.shownOnce);

      const { ownerToken } = claimed;
      const stored = (status: number, contentType: string, body: string): StoredResponse => ({
        status,
        contentType,
        body: seal(body, key, account, recordKey),
      });
      const once = onceOf(ctx, { account, key, recordKey, ownerToken, successStatus });
      let response: APIGatewayProxyResult;
      try {
        response = await respond(once);
      } catch (error) {
        if (error instanceof AppError && options.replayedRefusals?.includes(error.code)) {
          // The operation's own outcome: kept, so a retry with the key gets the same refusal.
          const problem = problemResult(error, requestId);
          if (await repo.complete(account, recordKey, ownerToken, stored(problem.statusCode, PROBLEM_CONTENT_TYPE, problem.body)))
            throw error;
        }
        // Not the operation's answer (or not kept): free the key, so a retry runs again. Safe even if the effect was
        // written after all: the release only deletes a marker still in progress and still this request's.
        await repo.release(account, recordKey, ownerToken).catch(() => undefined);
        throw error;
      }
      // An operation whose write did not carry its answer keeps it now; a failure here must not turn done work into an
      // error (the marker then lapses after its lease and a retry runs again).
      if (!once.carried && response.statusCode < 300) {
        const contentType = String(response.headers?.['content-type'] ?? '');
        await repo.complete(account, recordKey, ownerToken, stored(response.statusCode, contentType, response.body)).catch(() => undefined);
      }
      return response;
    },
  };
}

/** A kept answer sent again: byte for byte, or without its secret once what it created is gone. */
async function replay<A>(
  ctx: AppContext,
  response: StoredResponse,
  key: string,
  account: number,
  recordKey: string,
  requestId: string,
  shownOnce: ShownOnce<A> | undefined,
): Promise<APIGatewayProxyResult> {
  const headers: Record<string, string> = { 'x-request-id': requestId, 'idempotent-replayed': 'true' };
  if (response.contentType) headers['content-type'] = response.contentType;
  let body = open(response.body, key, account, recordKey);
  if (shownOnce && response.status < 300) {
    const answer = JSON.parse(body) as A;
    if (!(await shownOnce.stillExists(ctx, answer))) {
      const { [shownOnce.member]: _secret, ...rest } = answer as Record<string, unknown>;
      body = JSON.stringify(rest);
    }
  }
  return { statusCode: response.status, headers, body };
}

type Optional = IdempotencyHandling & { readonly mode: 'optional' };
type Required = IdempotencyHandling & { readonly mode: 'required' };

/** An optional Idempotency-Key: a create retried with its key answers the first answer. */
export const idempotencyKeys = layer({ mode: 'optional' }) as Optional;

/** An optional Idempotency-Key on a create whose answer shows a secret once (a new API key, a webhook secret). */
export const idempotencyKeysShowingOnce = <A>(shownOnce: ShownOnce<A>): Optional => layer({ mode: 'optional', shownOnce }) as Optional;

/** A required Idempotency-Key whose operation keeps its definitive refusals for replay too (the buy). */
export const requiredIdempotencyKey = (replayedRefusals: readonly string[]): Required =>
  layer({ mode: 'required', replayedRefusals }) as Required;
