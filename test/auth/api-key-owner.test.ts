// A partner API key works only while its owner exists and is not deleted: the partner principal refuses it with the
// revoked key's 403 FORBIDDEN, through the handler (as in AWS, behind the usage plan) and through the local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler as getOrder } from '#functions/partner/get-order.ts';
import { userKey } from '#lib/db/keys.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { revokeApiKey } from '#lib/partner/api-keys.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { invoke } from '../support/events.ts';
import { aPartner, call, type TestPartner } from '../partner/fixtures.ts';
import { dbOf } from '#lib/db/client.ts';

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable();
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => server?.close());

const markDeleted = (userId: number) =>
  dbOf(ctx).send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: userKey(userId),
      UpdateExpression: 'SET deletedAt = :at',
      ExpressionAttributeValues: { ':at': new Date().toISOString() },
    }),
  );
const remove = (userId: number) => dbOf(ctx).send(new DeleteCommand({ TableName: ctx.tableName, Key: userKey(userId) }));

/** The answer to reading an unknown order with the key: through the handler, and through the local server. */
async function answers(partner: TestPartner) {
  const handled = await invoke(getOrder, { path: '/partner/orders/o-1', pathParameters: { orderId: 'o-1' }, apiKeyId: partner.id });
  const served = await call(server.url, 'GET', '/partner/orders/o-1', { key: partner.apiKey });
  return [
    [handled.statusCode, handled.json?.code],
    [served.status, served.json?.code],
  ];
}

describe('a partner key whose owner is gone', () => {
  it('works while its owner exists', async () => {
    const partner = await aPartner(ctx);
    expect(await answers(partner)).toEqual([
      [404, 'ORDER_NOT_FOUND'],
      [404, 'ORDER_NOT_FOUND'],
    ]);
  });

  it('answers 403 FORBIDDEN, as a revoked key does, once its owner is deleted or no longer exists', async () => {
    const revoked = await aPartner(ctx);
    await revokeApiKey(ctx, revoked.userId, revoked.id);
    const revokedAnswer = await answers(revoked);
    expect(revokedAnswer).toEqual([
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);

    const deleted = await aPartner(ctx);
    await markDeleted(deleted.userId);
    expect(await answers(deleted)).toEqual(revokedAnswer);

    const missing = await aPartner(ctx);
    await remove(missing.userId);
    expect(await answers(missing)).toEqual(revokedAnswer);
  });
});
