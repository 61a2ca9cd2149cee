// The one transaction function on DynamoDB Local: cancellation reasons mapped item by item, conflicts retried or
// answered, throttling and timeouts thrown as classified failures (injected: DynamoDB Local raises neither).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { DatabaseUnavailable, isOutcomeUnknown } from '#lib/db/failures.ts';
import { rejectedAt, transactWrite, type TransactItem } from '#lib/db/transaction.ts';
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

describe('transactWrite', () => {
  it('writes every item', async () => {
    const [a, b] = [fresh(), fresh()];
    expect(await transactWrite(dbOf(ctx), [put(a), put(b)])).toEqual({ kind: 'written' });
    expect(await read(a)).toEqual(a);
    expect(await read(b)).toEqual(b);
  });

  it('maps the cancellation reasons to the items by position, with the blocking item where ALL_OLD was asked, and writes nothing', async () => {
    const [a, taken, c, alsoTaken] = [fresh(), fresh(), fresh(), fresh()];
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { ...taken, owner: 7, tags: ['x'] } }));
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: { ...alsoTaken, owner: 8 } }));
    const withOld = (item: TransactItem): TransactItem => ({ Put: { ...item.Put!, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } });

    const result = await transactWrite(dbOf(ctx), [put(a), withOld(put(taken)), put(c), put(alsoTaken)]);
    expect(result).toEqual({
      kind: 'refused',
      items: [
        { code: 'None', rejected: false, item: null },
        { code: 'ConditionalCheckFailed', rejected: true, item: { ...taken, owner: 7, tags: ['x'] } },
        { code: 'None', rejected: false, item: null },
        { code: 'ConditionalCheckFailed', rejected: true, item: null },
      ],
    });
    expect([0, 1, 2, 3].map((i) => rejectedAt(result, i))).toEqual([false, true, false, true]);
    expect(rejectedAt(result, 9)).toBe(false);
    expect(await read(a)).toBeUndefined();
    expect(await read(c)).toBeUndefined();
  });

  it('answers a lost race as a conflict, or retries it when asked and writes once it clears', async () => {
    let conflicts = 2;
    let sent = 0;
    removers.push(
      interceptTransactions(ctx, async (send) => {
        sent++;
        return conflicts-- > 0 ? Promise.reject(cancellation('None', 'TransactionConflict')) : send();
      }),
    );
    const a = fresh();
    expect(await transactWrite(dbOf(ctx), [put(a), put(fresh())])).toEqual({ kind: 'conflict' });
    expect(sent).toBe(1);
    expect(await transactWrite(dbOf(ctx), [put(a), put(fresh())], { conflictRetries: 3 })).toEqual({ kind: 'written' });
    expect(sent).toBe(3);
    expect(await read(a)).toEqual(a);
  });

  it('reads a failed condition as the answer even when another item conflicted too', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('ConditionalCheckFailed', 'TransactionConflict'))));
    const result = await transactWrite(dbOf(ctx), [put(fresh()), put(fresh())], { conflictRetries: 3 });
    expect(result).toMatchObject({ kind: 'refused', items: [{ rejected: true }, { rejected: false, code: 'TransactionConflict' }] });
  });

  it('throws a throttled transaction as DatabaseUnavailable that was not applied', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'ThrottlingError'))));
    const error = await transactWrite(dbOf(ctx), [put(fresh()), put(fresh())]).catch((e: unknown) => e);
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
    const error = await transactWrite(dbOf(ctx), [put(applied)]).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DatabaseUnavailable', reason: 'transient', outcomeUnknown: true });
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(await read(applied)).toEqual(applied);
  });

  it('rethrows a cancellation that is no answer (a validation error) as it came', async () => {
    removers.push(interceptTransactions(ctx, async () => Promise.reject(cancellation('None', 'ValidationError'))));
    await expect(transactWrite(dbOf(ctx), [put(fresh()), put(fresh())])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  });
});
