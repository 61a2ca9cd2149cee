// The one transaction function on DynamoDB Local: cancellation reasons mapped item by item to the caller's answers,
// conflicts retried then answered or thrown, throttling and timeouts thrown as classified failures (injected:
// DynamoDB Local raises neither).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { DatabaseConflict, DatabaseUnavailable, isOutcomeUnknown } from '#lib/db/failures.ts';
import { transactWrite, transactWriteOrUnsettled, type TransactionAnswers, type TransactItem } from '#lib/db/transaction.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { cancellation, interceptTransactions, timeout } from '../support/faults.ts';

import { freshTable } from '../support/db.ts';

let ctx: AppContext;
let next = 0;
let removers: (() => void)[] = [];

beforeAll(async () => {
  ctx = await freshTable();
});

afterEach(() => {
  for (const remove of removers) remove();
  removers = [];
});

const fresh = () => ({ pk: `TX#${next++}`, sk: 'TX' });
const read = async (key: { pk: string; sk: string }) => (await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: key }))).Item;
const put = (key: { pk: string; sk: string }, extra: Record<string, unknown> = {}): TransactItem => ({
  Put: { TableName: ctx.tableName, Item: { ...key, ...extra }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Answers that show what the function read: `written`, or the refusal item by item (for the first four items). */
type Read = { kind: 'written' } | { kind: 'refused'; first: number; rejected: boolean[]; current: unknown[] } | { kind: 'busy' };
const answers: TransactionAnswers<Read> = {
  written: () => ({ kind: 'written' }),
  refused: (refusal) => ({
    kind: 'refused',
    first: refusal.first,
    rejected: [0, 1, 2, 3, 9].map((i) => refusal.rejected(i)),
    current: [0, 1, 2, 3].map((i) => refusal.current(i)),
  }),
};

describe('transactWrite', () => {
  it('writes every item', async () => {
    const [a, b] = [fresh(), fresh()];
    expect(await transactWrite(dbOf(ctx), [put(a), put(b)], answers)).toEqual({ kind: 'written' });
    expect(await read(a)).toEqual(a);
    expect(await read(b)).toEqual(b);
  });

  it('maps the cancellation reasons to the items by position, with the blocking item where ALL_OLD was asked, and writes nothing', async () => {
    const [a, taken, c, alsoTaken] = [fresh(), fresh(), fresh(), fresh()];
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { ...taken, owner: 7, tags: ['x'] } }));
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { ...alsoTaken, owner: 8 } }));
    const withOld = (item: TransactItem): TransactItem => ({ Put: { ...item.Put!, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } });

    const result = await transactWrite(dbOf(ctx), [put(a), withOld(put(taken)), put(c), put(alsoTaken)], answers);
    expect(result).toEqual({
      kind: 'refused',
      first: 1,
      rejected: [false, true, false, true, false],
      current: [null, { ...taken, owner: 7, tags: ['x'] }, null, null],
    });
    expect(await read(a)).toBeUndefined();
    expect(await read(c)).toBeUndefined();
  });

  it('throws a lost race as DatabaseConflict, or retries it when asked and writes once it clears', async () => {
    let conflicts = 2;
    let sent = 0;
    removers.push(
      interceptTransactions(ctx, async (send) => {
        sent++;
        return conflicts-- > 0 ? Promise.reject(cancellation('None', 'TransactionConflict')) : send();
      }),
    );
    const a = fresh();
    const error = await transactWrite(dbOf(ctx), [put(a), put(fresh())], answers).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseConflict);
    expect(error).toMatchObject({ command: 'TransactWriteItemsCommand' });
    expect(sent).toBe(1);
    expect(await transactWrite(dbOf(ctx), [put(a), put(fresh())], answers, { conflictRetries: 3 })).toEqual({ kind: 'written' });
    expect(sent).toBe(3);
    expect(await read(a)).toEqual(a);
  });

  it('reads a failed condition as the answer even when another item conflicted too', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('ConditionalCheckFailed', 'TransactionConflict'))));
    const result = await transactWrite(dbOf(ctx), [put(fresh()), put(fresh())], answers, { conflictRetries: 3 });
    expect(result).toMatchObject({ kind: 'refused', first: 0, rejected: [true, false, false, false, false] });
  });

  it('throws a throttled transaction as DatabaseUnavailable that was not applied', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'ThrottlingError'))));
    const error = await transactWrite(dbOf(ctx), [put(fresh()), put(fresh())], answers).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailable);
    expect(error).toMatchObject({ reason: 'throttled', outcomeUnknown: false });
  });

  it('throws a timed-out transaction as DatabaseUnavailable whose outcome is unknown, applied or not', async () => {
    const applied = fresh();
    removers.push(
      interceptTransactions(ctx, async (send) => {
        await send();
        throw timeout();
      }),
    );
    const error = await transactWrite(dbOf(ctx), [put(applied)], answers).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseUnavailable', reason: 'transient', outcomeUnknown: true });
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(await read(applied)).toEqual(applied);
  });

  it('rethrows a cancellation that is no answer (a validation error) as it came', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'ValidationError'))));
    await expect(transactWrite(dbOf(ctx), [put(fresh()), put(fresh())], answers)).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  });

  it('answers a race still lost after the retries with the conflict answer, when the caller gives one', async () => {
    let sent = 0;
    removers.push(
      interceptTransactions(ctx, async () => {
        sent++;
        return Promise.reject(cancellation('None', 'TransactionConflict'));
      }),
    );
    const a = fresh();
    expect(await transactWrite(dbOf(ctx), [put(a)], { ...answers, conflicted: () => ({ kind: 'busy' }) }, { conflictRetries: 2 })).toEqual({
      kind: 'busy',
    });
    expect(sent).toBe(3);
    expect(await read(a)).toBeUndefined();
  });

  it('waits for an answer the caller reads with a second write', async () => {
    const taken = fresh();
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: taken }));
    const other = fresh();
    const result = await transactWrite(dbOf(ctx), [put(taken)], {
      written: () => 'first',
      refused: async () => transactWrite(dbOf(ctx), [put(other)], { written: () => 'second', refused: () => 'neither' }),
    });
    expect(result).toBe('second');
    expect(await read(other)).toEqual(other);
  });
});

describe('transactWriteOrUnsettled', () => {
  it('answers a lost race as a conflict and a timed-out write as unknown, for callers that retry on their own', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'TransactionConflict'))));
    expect(await transactWriteOrUnsettled(dbOf(ctx), [put(fresh())], answers)).toEqual({ kind: 'conflict' });
    removers.pop()!();
    removers.push(
      interceptTransactions(ctx, async (send) => {
        await send();
        throw timeout();
      }),
    );
    expect(await transactWriteOrUnsettled(dbOf(ctx), [put(fresh())], answers)).toEqual({ kind: 'unknown' });
    removers.pop()!();
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'ThrottlingError'))));
    await expect(transactWriteOrUnsettled(dbOf(ctx), [put(fresh())], answers)).rejects.toMatchObject({ name: 'DatabaseUnavailable' });
  });
});
