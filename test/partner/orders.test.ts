// GET /partner/orders through the local server, with a token from the real email sign-in: the caller's orders only,
// newest first, filtered by status, in cursor pages that together are exactly the list; bad input answers 400
// naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { toItem } from '#lib/db/order-item.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#lib/partner/order.ts';
import { decodeOrderCursor, encodeOrderCursor, listOrders } from '#lib/partner/orders.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { startCodeMail, stopCodeMail } from '../support/code-mail.ts';
import { anOrder } from '../support/factories.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { call } from './fixtures.ts';

let ctx: AppContext;
let server: LocalServer;
let users = 0;

beforeAll(async () => {
  ctx = await freshTable({ explorerBaseUrl: 'https://explorer.example' });
  await startCodeMail(ctx);
  server = await startLocalServer({ ctx, port: 0 });
});

afterAll(async () => {
  await stopCodeMail();
  await server?.close();
});

/** Orders written straight to the table (25 a request), as the buy would store them. */
async function storeOrders(orders: Order[]): Promise<void> {
  for (let i = 0; i < orders.length; i += 25) {
    const batch = orders.slice(i, i + 25).map((o) => ({ PutRequest: { Item: toItem(o) } }));
    let pending: Record<string, any> | undefined = { [ctx.tableName]: batch };
    while (pending && Object.keys(pending).length > 0) {
      pending = (await dbOf(ctx).send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
    }
  }
}

let sequence = 0;
/** `count` orders of the partner, one second apart, the newest first in the answer; statuses taken in turn from `statuses`. */
function ordersOf(partnerId: number, count: number, statuses: readonly OrderStatus[] = ['SOLD']): Order[] {
  const base = Date.parse('2026-02-01T00:00:00.000Z') + sequence++ * 10_000_000;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(base + i * 1000).toISOString();
    return anOrder({
      partnerId,
      orderId: `ord_${partnerId}x${sequence}x${i}`,
      status: statuses[i % statuses.length]!,
      createdAt: at,
      updatedAt: at,
    });
  });
}

async function aSignedInPartner(): Promise<{ token: string; id: number }> {
  const { token, user } = await signInOverHttp(server.url, ctx.dataDir, `orders${users++}@example.com`);
  return { token, id: user.id as number };
}

const list = (token: string | null, query = '') =>
  call(server.url, 'GET', `/partner/orders${query}`, { ...(token && { headers: { authorization: `Bearer ${token}` } }) });

describe('GET /partner/orders', () => {
  it("answers the caller's orders newest first as full Order records, with a cursor to the next page", async () => {
    const partner = await aSignedInPartner();
    const mine = ordersOf(partner.id, 5, ['SOLD', 'DELIVERED']);
    mine[1] = { ...mine[1]!, txHash: `0x${'cd'.repeat(32)}`, deliveredAt: mine[1]!.updatedAt };
    await storeOrders([...mine, ...ordersOf(partner.id + 100_000, 3)]);

    const first = await list(partner.token, '?limit=3');
    expect(first.status).toBe(200);
    expect(first.json.orders.map((o: { orderId: string }) => o.orderId)).toEqual([mine[4]!.orderId, mine[3]!.orderId, mine[2]!.orderId]);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await list(partner.token, `?limit=3&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.orders.map((o: { orderId: string }) => o.orderId)).toEqual([mine[1]!.orderId, mine[0]!.orderId]);
    expect(second.json.nextCursor).toBeNull();
    expect(second.json.orders[0]).toEqual({
      orderId: mine[1]!.orderId,
      status: 'DELIVERED',
      plaqueId: 7,
      plaqueName: 'ABC-0007',
      price: 100,
      currency: 'USD',
      buyerWallet: mine[1]!.buyerWallet,
      txHash: mine[1]!.txHash,
      explorerUrl: `https://explorer.example/tx/${mine[1]!.txHash}`,
      tokenUrl: `https://explorer.example/token/${mine[1]!.contractAddress}?a=${mine[1]!.tokenId}`,
      failureReason: null,
      cancelReason: null,
      createdAt: mine[1]!.createdAt,
      updatedAt: mine[1]!.updatedAt,
      deliveredAt: mine[1]!.updatedAt,
      mintCost: null,
    });
  });

  it('filters by status, and answers an empty list (no cursor) to a partner without orders', async () => {
    const partner = await aSignedInPartner();
    const mine = ordersOf(partner.id, 8, ['SOLD', 'FAILED', 'DELIVERED', 'CANCELLED']);
    mine[3]!.cancelReason = 'refunded';
    mine[7]!.cancelReason = 'refunded';
    await storeOrders(mine);
    const failed = await list(partner.token, '?status=FAILED');
    expect(failed.json).toEqual({
      orders: [expect.objectContaining({ orderId: mine[5]!.orderId }), expect.objectContaining({ orderId: mine[1]!.orderId })],
      nextCursor: null,
    });
    const cancelled = await list(partner.token, '?status=CANCELLED');
    expect(cancelled.json).toEqual({
      orders: [
        expect.objectContaining({ orderId: mine[7]!.orderId, status: 'CANCELLED', cancelReason: 'refunded' }),
        expect.objectContaining({ orderId: mine[3]!.orderId, status: 'CANCELLED', cancelReason: 'refunded' }),
      ],
      nextCursor: null,
    });
    expect((await list((await aSignedInPartner()).token)).json).toEqual({ orders: [], nextCursor: null });
  });

  // Stores 1 101 orders and reads them page by page: more than the default 30 s when other files share the cores.
  it('keeps a filtered page bounded: past 1000 orders read it answers what it found and a cursor to go on', async () => {
    const partner = await aSignedInPartner();
    const [rare, ...common] = ordersOf(partner.id, 1101, ['MINTING', ...Array<OrderStatus>(1100).fill('DELIVERED')]);
    await storeOrders([rare!, ...common]);
    const pages = [];
    let cursor: string | null = null;
    do {
      const reply = await list(partner.token, `?status=MINTING&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(reply.status).toBe(200);
      pages.push(reply.json.orders.map((o: { orderId: string }) => o.orderId));
      cursor = reply.json.nextCursor;
    } while (cursor);
    expect(pages[0]).toEqual([]);
    expect(pages.flat()).toEqual([rare!.orderId]);
  }, 90_000);

  it('answers 400 VALIDATION_FAILED naming the parameter for a bad status, limit or cursor', async () => {
    const { token } = await aSignedInPartner();
    const cases: [string, string][] = [
      ['?status=SHIPPED', 'status'],
      ['?status=sold', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?limit=', 'limit'],
      ['?cursor=', 'cursor'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01#ord_x').toString('base64url')}`, 'cursor'],
    ];
    for (const [query, path] of cases) {
      const reply = await list(token, query);
      expect(reply.status, query).toBe(400);
      expect(reply.json, query).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path })] });
    }
  });

  it('answers 401 UNAUTHORIZED without a token or with a bad one', async () => {
    expect((await list(null)).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await list('not.a.token')).json).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('order cursors', () => {
  // Any position round-trips, and only the canonical text of a position decodes.
  it('decode to the position they were made from', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        (date, id) => {
          const position = { createdAt: date.toISOString(), orderId: `ord_${id}` };
          expect(decodeOrderCursor(encodeOrderCursor(position))).toEqual(position);
        },
      ),
    );
  });
});

describe('listOrders', () => {
  // Following the cursors from the first page gives exactly the partner's orders of the status, newest first, once each.
  it('pages through exactly the filtered list, whatever the page size', async () => {
    let partnerId = 500_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ORDER_STATUSES), { minLength: 0, maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.constantFrom(...ORDER_STATUSES), { nil: undefined }),
        async (statuses, limit, status) => {
          const id = partnerId++;
          const orders = ordersOf(id, statuses.length, statuses.length > 0 ? statuses : ['SOLD']);
          await storeOrders([...orders, ...ordersOf(id + 1_000_000, 2)]);
          const expected = orders
            .filter((o) => status === undefined || o.status === status)
            .reverse()
            .map((o) => o.orderId);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pages = 0; pages <= expected.length + 1; pages++) {
            const page = await listOrders(ctx, id, { limit, ...(status && { status }), ...(cursor && { cursor }) });
            expect(page.orders.length).toBeLessThanOrEqual(limit);
            seen.push(...page.orders.map((o) => o.orderId));
            if (!page.nextCursor) break;
            cursor = page.nextCursor;
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
