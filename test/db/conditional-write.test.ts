// The shared conditional write on DynamoDB Local: either outcome becomes the caller's answer, a failed condition
// carrying the item that blocked it.
import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { conditionalWrite, conditionHeld, type ConditionalAnswers } from '#lib/db/conditional-write.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';

let ctx: AppContext;
let next = 0;

beforeAll(async () => {
  ctx = await freshTable();
});

/** A stored item with a nested map, a list, a null and numbers: what unmarshalling must give back as written. */
async function anItem() {
  const item = { pk: `COND#${next++}`, sk: 'COND', version: 3, nested: { tags: ['a', 'b'], price: 12.5 }, gone: null, flag: true };
  await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: item }));
  return item;
}

const key = (item: { pk: string; sk: string }) => ({ pk: item.pk, sk: item.sk });

/** Answers that show what the function read: the command's output, or the item the refusal carried. */
const answers: ConditionalAnswers<unknown, { written: true; output: unknown } | { written: false; current: unknown }> = {
  written: (output) => ({ written: true, output }),
  refused: (current) => ({ written: false, current }),
};

describe('conditionalWrite', () => {
  it('writes when the condition holds and gives the command output', async () => {
    const item = await anItem();
    const result = await conditionalWrite(
      dbOf(ctx),
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: key(item),
        UpdateExpression: 'SET version = version + :one',
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':one': 1, ':seen': 3 },
        ReturnValues: 'ALL_NEW',
      }),
      answers,
    );
    expect(result).toEqual({ written: true, output: expect.objectContaining({ Attributes: { ...item, version: 4 } }) });
  });

  it('returns the item that blocked the write, as stored, when the write asked for ALL_OLD', async () => {
    const item = await anItem();
    const result = await conditionalWrite(
      dbOf(ctx),
      new PutCommand({
        TableName: ctx.tableName,
        Item: { ...key(item), version: 1 },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
      answers,
    );
    expect(result).toEqual({ written: false, current: item });
    expect((await dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: key(item) }))).Item).toEqual(item);
  });

  it('answers with no item when the item does not exist, or when the write did not ask for it', async () => {
    const missing = await conditionalWrite(
      dbOf(ctx),
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: { pk: 'COND#missing', sk: 'COND' },
        UpdateExpression: 'SET version = :v',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':v': 1 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
      answers,
    );
    expect(missing).toEqual({ written: false, current: null });

    const item = await anItem();
    const unasked = await conditionalWrite(
      dbOf(ctx),
      new DeleteCommand({
        TableName: ctx.tableName,
        Key: key(item),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': 99 },
      }),
      answers,
    );
    expect(unasked).toEqual({ written: false, current: null });
  });

  it('lets every other failure through as an error', async () => {
    const item = await anItem();
    await expect(
      conditionalWrite(
        dbOf(ctx),
        new UpdateCommand({
          TableName: ctx.tableName,
          Key: key(item),
          UpdateExpression: 'SET',
          ConditionExpression: 'attribute_exists(pk)',
        }),
        answers,
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(
      conditionalWrite(
        dbOf(ctx),
        new PutCommand({ TableName: 'no-such-table', Item: key(item), ConditionExpression: 'attribute_not_exists(pk)' }),
        answers,
      ),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('answers whether the condition held, for a caller that needs no more', async () => {
    const item = await anItem();
    const spend = () =>
      conditionalWrite(
        dbOf(ctx),
        new DeleteCommand({
          TableName: ctx.tableName,
          Key: key(item),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': 3 },
        }),
        conditionHeld,
      );
    expect(await spend()).toBe(true);
    expect(await spend()).toBe(false);
  });
});
