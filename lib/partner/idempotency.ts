// Idempotency-Key handling for buys (Stripe's model): a key is claimed with an in-progress marker, its first
// definitive response is stored and replayed byte for byte for 24 hours; the same key with another request → 409.
import { createHash, randomUUID } from 'node:crypto';
import { conflict } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { idempotencyRepo, type IdempotencyRecord, type StoredResponse } from '#lib/db/idempotency-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { IN_PROGRESS_LEASE_MS } from '#lib/partner/limits.ts';

/** How long a key's first response is kept and replayed. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
export type Claim = { kind: 'claimed'; ownerToken: string } | { kind: 'replay'; response: StoredResponse };

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

/** SHA-256 of the method, the path and the body (as canonical JSON). */
export const requestHash = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

export const requestInProgress = () =>
  conflict('REQUEST_IN_PROGRESS', 'a request with this Idempotency-Key is still being processed; retry shortly', {
    headers: { 'Retry-After': '1' },
  });

const expired = (record: IdempotencyRecord, now: Date) => record.ttl * 1000 <= now.getTime();

/**
 * Claims `key` for this request, or answers for it: a completed first request with the same hash → its response
 * (replay); another request hash → 409 IDEMPOTENCY_MISMATCH; a first request still running → 409 REQUEST_IN_PROGRESS.
 */
export async function claimKey(ctx: AppContext, partnerId: number, key: string, hash: string): Promise<Claim> {
  const repo = idempotencyRepo(dbOf(ctx), ctx.tableName);
  // A refused claim names the record holding the key; one that holds it no longer (expired, or its lease lapsed by
  // this request's clock) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.now();
    const ownerToken = randomUUID();
    const record: IdempotencyRecord = {
      partnerId,
      key,
      requestHash: hash,
      state: 'IN_PROGRESS',
      ownerToken,
      lockedUntil: new Date(now.getTime() + IN_PROGRESS_LEASE_MS).toISOString(),
      response: null,
      createdAt: now.toISOString(),
      ttl: Math.floor((now.getTime() + RETENTION_MS) / 1000),
    };
    const claim = await repo.claim(record, now);
    if (claim.claimed) return { kind: 'claimed', ownerToken };

    const existing = claim.holder;
    if (!existing || expired(existing, now)) continue;
    if (existing.requestHash !== hash) {
      throw conflict('IDEMPOTENCY_MISMATCH', 'this Idempotency-Key was used for a different request; use a new key for a new request');
    }
    if (existing.state === 'COMPLETED' && existing.response) return { kind: 'replay', response: existing.response };
    if (Date.parse(existing.lockedUntil) > now.getTime()) throw requestInProgress();
  }
  throw requestInProgress();
}

/** The record of a claimed key, to learn what became of a write whose outcome is unknown. */
export const readKey = (ctx: AppContext, partnerId: number, key: string) => idempotencyRepo(dbOf(ctx), ctx.tableName).get(partnerId, key);

/** Stores a definitive response on this request's marker (false when the marker is no longer its own). */
export const completeKey = (ctx: AppContext, partnerId: number, key: string, ownerToken: string, response: StoredResponse) =>
  idempotencyRepo(dbOf(ctx), ctx.tableName).complete(partnerId, key, ownerToken, response);

/** Gives the key back after a failure that is not the request's answer (busy, conflict), so a retry runs afresh. */
export const releaseKey = (ctx: AppContext, partnerId: number, key: string, ownerToken: string) =>
  idempotencyRepo(dbOf(ctx), ctx.tableName).release(partnerId, key, ownerToken);
