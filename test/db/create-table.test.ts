// ensureTable on the run's DynamoDB Local: the table with its stream (new and old images) for the stream consumers.
import { describe, expect, it } from 'vitest';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { freshTable } from '../support/db.ts';

async function streamOf(ctx: Awaited<ReturnType<typeof freshTable>>) {
  const { Table } = await dbOf(ctx).send(new DescribeTableCommand({ TableName: ctx.tableName }));
  return { spec: Table?.StreamSpecification ?? null, arn: Table?.LatestStreamArn ?? null };
}

describe('ensureTable', () => {
  it('makes the table with a stream of new and old images', async () => {
    expect(await streamOf(await freshTable())).toEqual({
      spec: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      arn: expect.any(String),
    });
  });
});
