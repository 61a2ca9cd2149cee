// The Order record partners see (presentOrder): every member the published Order schema names, and the explorer link.
import { describe, expect, it } from 'vitest';
import { ScanCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { explorerTokenUrl, explorerTransactionUrl, presentOrder } from '#lib/partner/order.ts';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { getOrder } from '#lib/partner/orders.ts';
import { freshTable } from '../support/db.ts';
import { anOrder } from '../support/factories.ts';
import { storePlaque } from './fixtures.ts';

const HASH = `0x${'ab'.repeat(32)}`;

describe('presentOrder', () => {
  it('answers exactly the members of the published Order schema, and none of the bookkeeping', () => {
    const mintCost = { gas: 31_000, gasPriceWei: '1000000000', feeWei: '31000000000000', tokensInTransaction: 50 };
    const order = anOrder({ status: 'DELIVERED', txHash: HASH, deliveredAt: '2026-03-01T12:00:05.000Z', mintCost });
    expect(presentOrder({ ...order, plaqueName: 'ABC-0007' }, 'https://sepolia.etherscan.io')).toEqual({
      orderId: order.orderId,
      status: 'DELIVERED',
      plaqueId: 7,
      plaqueName: 'ABC-0007',
      price: 100,
      currency: 'USD',
      buyerWallet: order.buyerWallet,
      txHash: HASH,
      explorerUrl: `https://sepolia.etherscan.io/tx/${HASH}`,
      tokenUrl: `https://sepolia.etherscan.io/token/${order.contractAddress}?a=${order.tokenId}`,
      failureReason: null,
      cancelReason: null,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      deliveredAt: '2026-03-01T12:00:05.000Z',
      mintCost,
    });
  });

  it('links no transaction without a transaction or without an explorer', () => {
    expect(explorerTransactionUrl('https://explorer.example', null)).toBeNull();
    expect(explorerTransactionUrl(null, HASH)).toBeNull();
    expect(explorerTransactionUrl('', HASH)).toBeNull();
  });

  it("links the token only once it is in the buyer's wallet, and only on a stage with an explorer", () => {
    const token = { contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '7' };
    for (const status of ['SOLD', 'MINTING', 'FAILED'] as const) {
      expect(explorerTokenUrl('https://explorer.example', { ...token, status })).toBeNull();
    }
    expect(explorerTokenUrl(null, { ...token, status: 'DELIVERED' })).toBeNull();
    expect(explorerTokenUrl('https://explorer.example/', { ...token, status: 'DELIVERED' })).toBe(
      'https://explorer.example/token/0x5FbDB2315678afecb367f032d93F642f64180aa3?a=7',
    );
  });

  it('joins the explorer and the transaction with one slash, whatever the base ends with', () => {
    expect(explorerTransactionUrl('https://explorer.example//', HASH)).toBe(`https://explorer.example/tx/${HASH}`);
    expect(explorerTransactionUrl('https://explorer.example/base', HASH)).toBe(`https://explorer.example/base/tx/${HASH}`);
  });
});

describe('orders stored before the name, delivery time and cost were recorded with them', () => {
  it("reads the plaque's name from the plaque, the delivery time from the last change, and no cost", async () => {
    const ctx = await freshTable({ explorerBaseUrl: null });
    const plaque = await storePlaque(ctx);
    const {
      plaqueName: _n,
      deliveredAt: _d,
      mintCost: _c,
      ...old
    } = toItem(anOrder({ plaqueId: plaque.id, partnerId: 5, status: 'DELIVERED', txHash: HASH, updatedAt: '2026-03-01T12:00:09.000Z' }));
    await dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: old }));
    const items = (await dbOf(ctx).send(new ScanCommand({ TableName: ctx.tableName }))).Items ?? [];
    expect(items.find((i) => i.orderId === old.orderId)).not.toHaveProperty('plaqueName');

    const stored = await partnerOrderRepo(dbOf(ctx), ctx.tableName).get(old.orderId as string);
    expect(stored).toMatchObject({ plaqueName: null, deliveredAt: '2026-03-01T12:00:09.000Z', mintCost: null });
    const shown = await getOrder(ctx, { partnerId: 5, apiKeyId: 'key_1' }, old.orderId as string);
    expect(shown).toMatchObject({ plaqueName: plaque.name, deliveredAt: '2026-03-01T12:00:09.000Z', explorerUrl: null, tokenUrl: null });
  });
});
