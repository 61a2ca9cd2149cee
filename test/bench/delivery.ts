// A launch's burst of sales, delivered (`npm run bench -- --only delivery`, `--delivery-orders 1000`): `npm start` on a
// fresh data folder with its chain mining a block every 2 s and every 12 s (ANVIL_BLOCK_TIME), plaques imported with
// the ops command, every one held by prepare, then bought with 50 buys in flight, then every order polled until
// DELIVERED. Printed per pace, for the batches and for one mint a transaction (DELIVERY_BATCH_TOKENS=1) side by side:
// the buys' time, the time from the last buy to the last delivery (the orders' own deliveredAt) and in blocks, the
// transactions and the blocks they span, gas a token (the receipts' gas over the tokens), and then five lone orders'
// wait on the quiet service in blocks, each bought at another moment of a block. Gas is counted, not timed: it does not depend on the machine.
import { OPS_CLI } from '../support/ops-cli.ts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { freePort } from '#lib/local/child-process.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { startRuntime, stopRuntime, type Ports } from '../chaos/harness.ts';
import { fmt } from './listing.ts';

const run = promisify(execFile);
const IN_FLIGHT = 50;
/** Orders bought one at a time on the quiet service after the burst, each at another moment of a block. */
const LONE_ORDERS = 5;

interface Reply {
  status: number;
  json: any;
}

async function request(
  url: string,
  method: string,
  path: string,
  init: { key?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers['x-api-key'] = init.key;
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url + path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      text = await response.text();
    } catch (error) {
      // A kept-alive connection the server closed as it was reused: the call is made again, as a partner's client would.
      if (attempt < 5) continue;
      throw error;
    }
    // A busy machine may answer 503 for a moment: as a partner would, the call is made again (with the same key).
    if ((response.status === 503 || response.status === 429) && attempt < 20) {
      await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
      continue;
    }
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

/** Runs `task` over `items`, `limit` at a time. */
async function inFlight<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!);
    }),
  );
  return results;
}

/** Import rows of plaques whose names the sample catalogue does not hold. */
function importRows(count: number, taken: Set<string>): unknown[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rows: unknown[] = [];
  for (let i = 0; rows.length < count; i++) {
    const alphabetPart = `Q${letters[Math.floor(i / 10_000) % 26]!}${letters[Math.floor(i / 260_000) % 26]!}`;
    const numberPart = String(i % 10_000).padStart(4, '0');
    if (taken.has(`${alphabetPart}-${numberPart}`)) continue;
    rows.push({ alphabetPart, numberPart, price: 10 + (i % 500), marketplace: 'SERVICE', condition: 'VIRGIN', featured: true });
  }
  return rows;
}

interface Figures {
  orders: number;
  buysSeconds: number;
  afterLastBuySeconds: number;
  afterLastBuyBlocks: number;
  transactions: number;
  blocksSpanned: number;
  gasPerToken: number;
  largestBatch: number;
  loneOrderBlocks: number[];
}

async function burst(orders: number, blockTime: number, batchTokens: number): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-delivery-bench-'));
  const ports: Ports = { PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), ANVIL_PORT: String(await freePort()) };
  const env = { ANVIL_BLOCK_TIME: String(blockTime), DELIVERY_BATCH_TOKENS: String(batchTokens) };
  const runtime = await startRuntime(dataDir, ports, env);
  const url = runtime.url;
  const chain = createPublicClient({ transport: http(`http://127.0.0.1:${ports.ANVIL_PORT}`) });
  try {
    // The plaques: imported as an operator does, featured and AVAILABLE, none of the sample catalogue's names.
    const taken = new Set<string>();
    for (const featured of [true, false]) {
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const page: Reply = await request(url, 'POST', '/plaques/featured', {
          body: { filters: { featured }, limit: 100, ...(cursor && { cursor }) },
        });
        for (const p of page.json.plaques as { name: string }[]) taken.add(p.name);
        cursor = page.json.nextCursor as string | null;
      }
    }
    const file = join(dataDir, 'import.json');
    writeFileSync(file, JSON.stringify(importRows(orders + LONE_ORDERS, taken)));
    await run(process.execPath, [...OPS_CLI, 'import', file], {
      env: { ...process.env, ...ports, DATA_DIR: dataDir, LOG_LEVEL: 'SILENT' },
      maxBuffer: 1 << 24,
    });
    const ids: number[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: Reply = await request(url, 'POST', '/plaques/featured', {
        body: { filters: { status: ['AVAILABLE'] }, search: 'Q', orderBy: 'p.id', sort: 'ASC', limit: 100, ...(cursor && { cursor }) },
      });
      for (const p of page.json.plaques as { id: number; name: string }[]) if (/^Q[A-Z]{2}-/.test(p.name)) ids.push(p.id);
      cursor = page.json.nextCursor as string | null;
    }
    if (ids.length < orders + LONE_ORDERS) throw new Error(`only ${ids.length} imported plaques listed, ${orders + LONE_ORDERS} wanted`);

    const partner = await signInOverHttp(url, dataDir, `bench-${randomUUID()}@example.com`);
    const key = (await request(url, 'POST', '/partner/api-keys', { token: partner.token })).json.apiKey as string;
    const wallet = () => privateKeyToAccount(generatePrivateKey()).address;

    // Every plaque held first (prepare), then the burst of buys, 50 at a time.
    const held = await inFlight(ids.slice(0, orders), IN_FLIGHT, async (id) => {
      const buyerWallet = wallet();
      const reply = await request(url, 'POST', `/partner/plaques/${id}/prepare`, { key, body: { buyerWallet } });
      if (reply.status !== 200) throw new Error(`prepare ${id} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
      return { id, buyerWallet, reservationId: reply.json.reservationId as string };
    });
    const b0 = Date.now();
    const orderIds = await inFlight(held, IN_FLIGHT, async (h) => {
      const reply = await request(url, 'POST', `/partner/plaques/${h.id}/buy`, {
        key,
        body: { reservationId: h.reservationId, buyerWallet: h.buyerWallet },
        headers: { 'idempotency-key': randomUUID() },
      });
      if (reply.status !== 201) throw new Error(`buy ${h.id} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
      return reply.json.orderId as string;
    });
    const lastBuyAt = Date.now();
    const blockAtLastBuy = await chain.getBlockNumber({ cacheTime: 0 });

    // Every order polled until DELIVERED; the time each was is its own deliveredAt.
    const delivered = new Map<string, { deliveredAt: string; txHash: Hex }>();
    for (const until = Date.now() + 30 * 60_000; delivered.size < orderIds.length;) {
      if (Date.now() > until) throw new Error(`${orderIds.length - delivered.size} order(s) not DELIVERED after 30 minutes`);
      const pending = orderIds.filter((id) => !delivered.has(id));
      await inFlight(pending, IN_FLIGHT, async (id) => {
        const order = (await request(url, 'GET', `/partner/orders/${id}`, { key })).json;
        if (order.status === 'DELIVERED') delivered.set(id, { deliveredAt: order.deliveredAt, txHash: order.txHash });
        if (order.status === 'FAILED') throw new Error(`order ${id} FAILED: ${order.failureReason}`);
      });
      if (delivered.size < orderIds.length) await new Promise((r) => setTimeout(r, 250));
    }
    const lastDelivery = Math.max(...[...delivered.values()].map((d) => Date.parse(d.deliveredAt)));
    const tokensByTx = new Map<Hex, number>();
    for (const { txHash } of delivered.values()) tokensByTx.set(txHash, (tokensByTx.get(txHash) ?? 0) + 1);
    const receipts = await inFlight([...tokensByTx.keys()], 20, (hash) => chain.getTransactionReceipt({ hash }));
    const blocks = receipts.map((r) => r.blockNumber);
    const lastBlock = blocks.reduce((a, b) => (b > a ? b : a));
    const firstBlock = blocks.reduce((a, b) => (b < a ? b : a));
    const gas = receipts.reduce((sum, r) => sum + r.gasUsed, 0n);

    // Lone orders on the quiet service, bought at five moments of a block (just after one, then a fifth of the block
    // time later each): the blocks between each buy and its mint (1: the next block).
    const loneOrderBlocks: number[] = [];
    for (let i = 0; i < LONE_ORDERS; i++) {
      const lone = ids[orders + i]!;
      const loneWallet = wallet();
      const prepared = await request(url, 'POST', `/partner/plaques/${lone}/prepare`, { key, body: { buyerWallet: loneWallet } });
      const head = await chain.getBlockNumber({ cacheTime: 0 });
      while ((await chain.getBlockNumber({ cacheTime: 0 })) === head) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, (blockTime * 1000 * i) / LONE_ORDERS));
      const bought = await request(url, 'POST', `/partner/plaques/${lone}/buy`, {
        key,
        body: { reservationId: prepared.json.reservationId, buyerWallet: loneWallet },
        headers: { 'idempotency-key': randomUUID() },
      });
      const blockAtBuy = await chain.getBlockNumber({ cacheTime: 0 });
      let loneOrder;
      do {
        await new Promise((r) => setTimeout(r, 100));
        loneOrder = (await request(url, 'GET', `/partner/orders/${bought.json.orderId}`, { key })).json;
      } while (loneOrder.status !== 'DELIVERED');
      loneOrderBlocks.push(Number((await chain.getTransactionReceipt({ hash: loneOrder.txHash })).blockNumber - blockAtBuy));
    }

    return {
      orders: orderIds.length,
      buysSeconds: (lastBuyAt - b0) / 1000,
      afterLastBuySeconds: Math.max(0, lastDelivery - lastBuyAt) / 1000,
      afterLastBuyBlocks: Number(lastBlock - blockAtLastBuy),
      transactions: tokensByTx.size,
      blocksSpanned: Number(lastBlock - firstBlock) + 1,
      gasPerToken: Number(gas) / orderIds.length,
      largestBatch: Math.max(...tokensByTx.values()),
      loneOrderBlocks,
    };
  } finally {
    await stopRuntime(runtime);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runDeliveryBench(orders: number, blockTimes: readonly number[]): Promise<void> {
  if (!blockTimes.every((t) => Number.isInteger(t) && t >= 1 && t <= 600))
    throw new Error('--delivery-block-times: whole seconds, 1 to 600');
  console.log(`\n## Deliveries: ${orders.toLocaleString('en-US')} sales in one burst, ${IN_FLIGHT} buys in flight\n`);
  console.log(
    '| block every | minting | orders | buys took | last buy → all DELIVERED | in blocks | transactions | blocks spanned | largest | gas a token | lone orders: blocks from buy to mint |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const blockTime of blockTimes) {
    for (const [label, batchTokens] of [
      ['up to 50 a transaction', 50],
      ['one a transaction', 1],
    ] as const) {
      const f = await burst(orders, blockTime, batchTokens);
      console.log(
        `| ${blockTime} s | ${label} | ${f.orders} | ${fmt(f.buysSeconds)} s | ${fmt(f.afterLastBuySeconds)} s | ${f.afterLastBuyBlocks} | ${f.transactions} | ${f.blocksSpanned} | ${f.largestBatch} | ${Math.round(f.gasPerToken).toLocaleString('en-US')} | ${f.loneOrderBlocks.join(', ')} |`,
      );
    }
  }
  console.log(
    '\n"last buy → all DELIVERED": from the last buy\'s answer to the latest deliveredAt of the burst (the local stage records at depth 0); ' +
      '"in blocks": the last mint\'s block less the head at the last buy. Gas is counted from the receipts, so it does not depend on how busy the machine is.',
  );
}
