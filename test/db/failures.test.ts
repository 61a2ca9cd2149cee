// Every DynamoDB failure classified once, on the client: busy and unanswered → DatabaseUnavailable, a lost race →
// DatabaseConflict, answers and faults unchanged. Over a real client on DynamoDB Local, faults injected under it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { classifyFailure, DatabaseConflict, DatabaseUnavailable } from '#lib/db/failures.ts';
import { asAppError } from '#lib/http/problem.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { cancellation, intercept, throttled, throughputExceeded, timeout, transactionConflict } from '../support/faults.ts';

let ctx: AppContext;
let removers: (() => void)[] = [];

beforeAll(async () => {
  ctx = await freshTable();
});

afterEach(() => {
  for (const remove of removers) remove();
  removers = [];
});

const networkError = (code: string) => Object.assign(new Error(`socket: ${code}`), { code });
const serverError = () => Object.assign(new Error('Internal server error'), { name: 'InternalServerError', $fault: 'server' });

describe('classifyFailure', () => {
  const cases: [string, () => unknown, string, { kind: string; reason?: string; outcomeUnknown?: boolean }][] = [
    [
      'provisioned throughput exceeded',
      throughputExceeded,
      'PutItemCommand',
      { kind: 'unavailable', reason: 'throttled', outcomeUnknown: false },
    ],
    ['throttling', throttled, 'GetItemCommand', { kind: 'unavailable', reason: 'throttled', outcomeUnknown: false }],
    [
      'a request limit',
      () => Object.assign(new Error('limit'), { name: 'RequestLimitExceeded' }),
      'QueryCommand',
      { kind: 'unavailable', reason: 'throttled' },
    ],
    [
      'a transaction cancelled for throttling',
      () => cancellation('None', 'ThrottlingError'),
      'TransactWriteItemsCommand',
      { kind: 'unavailable', reason: 'throttled' },
    ],
    [
      'a transaction cancelled for throughput',
      () => cancellation('ProvisionedThroughputExceeded'),
      'TransactWriteItemsCommand',
      { kind: 'unavailable', reason: 'throttled' },
    ],
    ['a write timing out', timeout, 'UpdateItemCommand', { kind: 'unavailable', reason: 'transient', outcomeUnknown: true }],
    ['a read timing out', timeout, 'GetItemCommand', { kind: 'unavailable', reason: 'transient', outcomeUnknown: false }],
    [
      'a reset connection under a write',
      () => networkError('ECONNRESET'),
      'TransactWriteItemsCommand',
      { kind: 'unavailable', outcomeUnknown: true },
    ],
    [
      'a refused connection (nothing sent)',
      () => networkError('ECONNREFUSED'),
      'PutItemCommand',
      { kind: 'unavailable', outcomeUnknown: false },
    ],
    ['a server error', serverError, 'DeleteItemCommand', { kind: 'unavailable', reason: 'transient', outcomeUnknown: true }],
    [
      'a 503 without a name',
      () => ({ $metadata: { httpStatusCode: 503 } }),
      'BatchGetItemCommand',
      { kind: 'unavailable', outcomeUnknown: false },
    ],
    ['a write held by a transaction', transactionConflict, 'UpdateItemCommand', { kind: 'conflict' }],
    [
      'a transaction that only lost a race',
      () => cancellation('None', 'TransactionConflict'),
      'TransactWriteItemsCommand',
      { kind: 'conflict' },
    ],
    [
      'a failed condition',
      () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' }),
      'PutItemCommand',
      { kind: 'unchanged' },
    ],
    [
      'a transaction refused by a condition',
      () => cancellation('ConditionalCheckFailed', 'TransactionConflict'),
      'TransactWriteItemsCommand',
      { kind: 'unchanged' },
    ],
    [
      'a validation error',
      () => Object.assign(new Error('bad'), { name: 'ValidationException', $fault: 'client' }),
      'QueryCommand',
      { kind: 'unchanged' },
    ],
    ['a plain bug', () => new TypeError('undefined is not a function'), 'GetItemCommand', { kind: 'unchanged' }],
  ];
  for (const [what, fault, command, expected] of cases) {
    it(`classifies ${what}`, () => {
      const error = fault();
      const classified = classifyFailure(error, command);
      if (expected.kind === 'unchanged') return expect(classified).toBe(error);
      const type = expected.kind === 'unavailable' ? DatabaseUnavailable : DatabaseConflict;
      expect(classified).toBeInstanceOf(type);
      const { kind: _kind, ...flags } = expected;
      expect(classified).toMatchObject({ ...flags, command, cause: error, retryAfterSeconds: 1 });
    });
  }

  it('leaves an already classified failure as it is', () => {
    const once = classifyFailure(timeout(), 'PutItemCommand');
    expect(classifyFailure(once, 'PutItemCommand')).toBe(once);
  });
});

describe('the classifying middleware on the document client', () => {
  it('turns a throttled read into DatabaseUnavailable, which the HTTP layer answers 503 with Retry-After', async () => {
    removers.push(intercept(ctx, 'GetItemCommand', async () => Promise.reject(throughputExceeded())));
    const error = await dbOf(ctx)
      .send(new GetCommand({ TableName: ctx.tableName, Key: { pk: 'X', sk: 'X' } }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseUnavailable', reason: 'throttled', command: 'GetItemCommand' });
    const problem = asAppError(error);
    expect(problem).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '1' } });
  });

  it('turns a write held by a transaction into DatabaseConflict, answered 409 CONFLICT with Retry-After', async () => {
    removers.push(intercept(ctx, 'UpdateItemCommand', async () => Promise.reject(transactionConflict())));
    const error = await dbOf(ctx)
      .send(
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: { pk: 'X', sk: 'X' },
          UpdateExpression: 'SET a = :a',
          ExpressionAttributeValues: { ':a': 1 },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseConflict);
    expect(asAppError(error)).toMatchObject({ status: 409, code: 'CONFLICT', headers: { 'Retry-After': '1' } });
  });

  it('tells a write that timed out after it was applied from one that never was', async () => {
    removers.push(
      intercept(ctx, 'PutItemCommand', async (send) => {
        await send();
        throw timeout();
      }),
    );
    const error = await dbOf(ctx)
      .send(new PutCommand({ TableName: ctx.tableName, Item: { pk: 'APPLIED', sk: 'X' } }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseUnavailable', outcomeUnknown: true });
    expect((await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: { pk: 'APPLIED', sk: 'X' } }))).Item).toBeDefined();
  });

  it("passes DynamoDB's own refusals through unchanged: the caller's answers and the faults that are bugs (500, never leaked)", async () => {
    const missing = await dbOf(ctx)
      .send(new GetCommand({ TableName: 'no-such-table', Key: { pk: 'X', sk: 'X' } }))
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'ResourceNotFoundException' });
    const invalid = await dbOf(ctx)
      .send(new QueryCommand({ TableName: ctx.tableName, KeyConditionExpression: 'nonsense' }))
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ name: 'ValidationException' });
    const problem = asAppError(invalid);
    expect(problem).toMatchObject({ status: 500, code: 'INTERNAL', detail: 'An unexpected error occurred' });
  });
});
