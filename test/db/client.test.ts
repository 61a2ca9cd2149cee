// The context's DynamoDB client: built on first use from configuration, kept, and replaced by the one a test injects.
import { describe, expect, it } from 'vitest';
import { createDocumentClient, dbOf } from '#lib/db/client.ts';
import { createAppContext } from '#lib/runtime/context.ts';

describe('dbOf', () => {
  it('builds no client when the context is created, so a function that never reaches the table never loads one', () => {
    expect(createAppContext().db).toBeUndefined();
  });

  it('builds the client on first use and keeps it on the context for every later use', () => {
    const ctx = createAppContext();
    const first = dbOf(ctx);
    expect(dbOf(ctx)).toBe(first);
    expect(ctx.db).toBe(first);
  });

  it('copies no answer through the SDK logger step, which would only hand it to a logger that drops it', () => {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:1' });
    expect(db.middlewareStack.identify().filter((name) => name.startsWith('loggerMiddleware'))).toEqual([]);
  });

  it('uses the client the context was given', () => {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:1' });
    expect(dbOf(createAppContext({ db }))).toBe(db);
  });
});
