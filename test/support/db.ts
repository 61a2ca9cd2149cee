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

export async function freshTable(overrides: Partial<AppContext> = {}): Promise<AppContext> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
  const tableName = `test-${randomUUID()}`;
  await ensureTable(db, tableName);
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
