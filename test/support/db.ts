// A fresh table on the run's DynamoDB Local for one test file, and an AppContext pointing at it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { createAppContext, useAppContext, type AppContext } from '#lib/runtime/context.ts';
import { jwtKeysOf } from '#lib/auth/key-generation.ts';
import { useJwtKeyStore } from '#lib/auth/key-store.ts';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { dropAtFileEnd } from './made-tables.ts';

/** For `freshTable`'s second argument: a table no stream consumer reads (see below). */
export const NO_STREAM = { withStream: false } as const;

/**
 * `withStream: false` for a file no stream consumer reads (no code mail sender, so no sign-in, no webhook or delivery
 * poller): its writes then cost the run's database a quarter of what they cost with the stream.
 */
export async function freshTable(overrides: Partial<AppContext> = {}, { withStream = true } = {}): Promise<AppContext> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
  const tableName = `test-${randomUUID()}`;
  await ensureTable(db, tableName, undefined, { withStream });
  dropAtFileEnd(() => db.send(new DeleteTableCommand({ TableName: tableName })));
  const ctx = createAppContext({
    db,
    tableName,
    dataDir: mkdtempSync(join(tmpdir(), 'plaque-test-')),
    ...overrides,
  });
  useAppContext(ctx);
  // What the local server does for the TOKEN authorizer, which reads no context.
  useJwtKeyStore(jwtKeysOf(ctx));
  return ctx;
}
