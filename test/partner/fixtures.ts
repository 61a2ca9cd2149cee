// Test helpers for the partner workflow: a partner with a key, plaques in the table, wallets, and HTTP calls.
import { randomUUID } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { newUser, usernameSkeleton } from '#lib/accounts/user.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { createApiKey } from '#lib/partner/api-keys.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';
import type { KeyScope } from '#lib/partner/schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { aPlaque, TEST_CONTRACT } from '../support/factories.ts';
import { dbOf } from '#lib/db/client.ts';

let nextUser = 1000;

export interface TestPartner {
  userId: number;
  id: string;
  apiKey: string;
}

/**
 * A partner account (its user stored unless it exists: a key works only while its owner does) with one fresh API key,
 * of scope `sell` unless told.
 */
export async function aPartner(ctx: AppContext, userId = nextUser++, scope: KeyScope = 'sell'): Promise<TestPartner> {
  const users = userRepo(dbOf(ctx), ctx.tableName);
  if (!(await users.get(userId))) {
    const email = `partner-${userId}-${randomUUID()}@example.com`;
    const user = newUser({ id: userId, email, walletAddress: aWallet(), now: ctx.now() });
    const created = await users.create(user, usernameSkeleton(user.username));
    if (created.kind !== 'created') throw new Error(`partner ${userId} was not stored: ${created.kind}`);
  }
  const { id, apiKey } = await createApiKey(ctx, userId, null, scope);
  return { userId, id, apiKey };
}

/** A random wallet address, EIP-55 checksummed. */
export const aWallet = (): string => privateKeyToAccount(generatePrivateKey()).address;

let nextPlaqueId = 1;

/** Stores plaques with ids unique within the test file. */
export async function storePlaque(ctx: AppContext, overrides: Partial<StoredPlaque> = {}): Promise<StoredPlaque> {
  const id = overrides.id ?? nextPlaqueId++;
  // On the context's contract, as the stage's new plaques are.
  const contractAddress = ctx.chain?.contractAddress ?? TEST_CONTRACT;
  const plaque = aPlaque({ alphabetPart: 'PRT', numberPart: String(id).padStart(4, '0'), contractAddress, ...overrides, id });
  const outcome = await plaqueRepo(dbOf(ctx), ctx.tableName).insertMany([plaque]);
  if (outcome.kind !== 'inserted') throw new Error(`plaque ${plaque.id} was not stored: ${outcome.kind}`);
  return plaque;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP request to the local server; JSON bodies are sent as application/json. */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['x-api-key'] = options.key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export { intercept, interceptTransactions } from '../support/faults.ts';

/** A plaque held for `partner` through the API: what a buy needs. */
export async function aHeldPlaque(
  ctx: AppContext,
  baseUrl: string,
  partner: TestPartner,
  overrides: Partial<StoredPlaque> = {},
  wallet: string = aWallet(),
) {
  const plaque = await storePlaque(ctx, overrides);
  const reply = await call(baseUrl, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
    key: partner.apiKey,
    body: { buyerWallet: wallet },
  });
  if (reply.status !== 200) throw new Error(`prepare answered ${reply.status}: ${reply.text}`);
  return { plaque, wallet, reservationId: reply.json.reservationId as string, expiresAt: reply.json.expiresAt as string };
}
