// The crash test: the local runtime (`npm start`, in a child process group with its own DATA_DIR and free ports, its
// chain mining a block every few seconds so that orders go out in batches) under concurrent partner purchases over
// HTTP, killed whole with SIGKILL at chosen moments (during a prepare, during a buy, while a batch is in flight, once
// a batch is mined but before it is recorded, just after an order is DELIVERED, during an operator's cancellation) and
// restarted on the same DATA_DIR; then the invariants: every SOLD or MINTED plaque has exactly one order, every order reaches DELIVERED
// without a person (or, for the purchases made to fail, FAILED and then CANCELLED by `npm run ops -- cancel-order`,
// its plaque AVAILABLE again, its token never minted and its `order.cancelled` in the partner's event feed), every
// DELIVERED order's token is on chain with balance 1 for its buyer, no token is minted twice, every Idempotency-Key
// replays one outcome, and the ledger holds one sale entry an order (a reversal a cancelled one) summing to the orders'
// prices (test/chaos/ledger-invariants.ts). Used by `npm run chaos` (test/chaos/run.ts) and, smaller, by `npm test`
// (test/chaos/chaos.test.ts).
import { OPS_CLI } from '../support/ops-cli.ts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createPublicClient, getAddress, http, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createDocumentClient } from '#lib/db/client.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { plaqueKey } from '#lib/db/keys.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { freePort } from '#lib/local/child-process.ts';
import { signInOverHttp } from '../accounts/flows.ts';
import { ledgerViolations } from './ledger-invariants.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLE = 'plaques';
const run = promisify(execFile);

type KillMoment = 'prepare' | 'buy' | 'minting' | 'mined' | 'delivered' | 'cancel';
const KILL_MOMENTS: readonly KillMoment[] = ['prepare', 'buy', 'minting', 'mined', 'delivered', 'cancel'];

export interface ChaosOptions {
  /** Purchases per round; one kill per round. */
  ordersPerRound: number;
  /**
   * Purchases per round made to fail (once held, their plaque's token id is changed to one that is not a uint256, so
   * delivery marks the order FAILED),
   * each then cancelled with `npm run ops -- cancel-order`; 0 unless given.
   */
  cancelsPerRound?: number;
  /** Kills (and rounds); the moments cycle through `moments`. */
  kills: number;
  moments?: readonly KillMoment[];
  /** How long every order may take to reach DELIVERED after the last restart (the invariant: 2 minutes). */
  recoveryLimitMs?: number;
  /** Seconds between the local chain's blocks (ANVIL_BLOCK_TIME): orders sold within a block go out in one batch. */
  blockTime?: number;
  log?: (line: string) => void;
}

export interface ChaosResult {
  kills: { moment: KillMoment; atMs: number }[];
  orders: number;
  /** Of the orders, those made to fail and cancelled. */
  cancelled: number;
  /** Orders that were not DELIVERED when the last restart finished, and were delivered afterwards without a person. */
  recovered: number;
  /** From the last restart's listening line to every order DELIVERED. */
  timeToRecoverMs: number;
  /** Start-up lines of each restart about what the reconciler found. */
  reconciled: string[];
  /** Transactions that minted the delivered orders' tokens, and the most tokens one of them minted. */
  transactions: number;
  largestBatch: number;
  violations: string[];
}

export interface Runtime {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export interface Ports {
  PORT: string;
  DYNAMODB_PORT: string;
  ANVIL_PORT: string;
}

export async function startRuntime(dataDir: string, ports: Ports, env: Record<string, string> = {}): Promise<Runtime> {
  // Its own process group: one signal to the group reaches npm start, DynamoDB Local's Java and anvil alike.
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/local/start.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...ports, DATA_DIR: dataDir, LOG_LEVEL: 'WARN', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start did not listen within 120 s:\n${output}`)), 120_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  return { child, url, output: () => output };
}

/** SIGKILL to the whole process group, then waits until none of it is left. */
async function killTree(runtime: Runtime): Promise<void> {
  const group = runtime.child.pid!;
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    return;
  }
  for (;;) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM to npm start, which stops what it started; SIGKILL to the group if it is still there after 20 s. */
export async function stopRuntime(runtime: Runtime): Promise<void> {
  if (runtime.child.exitCode !== null || runtime.child.signalCode !== null) return;
  const exited = new Promise((done) => runtime.child.once('exit', done));
  runtime.child.kill('SIGTERM');
  const timer = setTimeout(() => void killTree(runtime), 20_000);
  await exited;
  clearTimeout(timer);
  await killTree(runtime);
}

interface Reply {
  status: number;
  text: string;
  json: any;
}

async function request(
  url: string,
  method: string,
  path: string,
  init: { key?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers['x-api-key'] = init.key;
  if (init.token) headers['authorization'] = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url + path, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

interface Purchase {
  wallet: Address;
  /** Made to fail, then cancelled. */
  doomed: boolean;
  /** Buys sent, by Idempotency-Key: the body sent and every definitive answer seen. */
  keys: Map<string, { path: string; body: unknown; answers: string[] }>;
  orderId: string | null;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const log = options.log ?? (() => undefined);
  const moments = options.moments ?? KILL_MOMENTS;
  const recoveryLimitMs = options.recoveryLimitMs ?? 120_000;
  const runtimeEnv: Record<string, string> = options.blockTime ? { ANVIL_BLOCK_TIME: String(options.blockTime) } : {};
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-chaos-'));
  const ports: Ports = { PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), ANVIL_PORT: String(await freePort()) };
  const started = Date.now();
  const violations: string[] = [];
  const kills: ChaosResult['kills'] = [];
  const reconciled: string[] = [];

  let runtime = await startRuntime(dataDir, ports, runtimeEnv);
  const url = runtime.url;
  log(`npm start up in ${Date.now() - started} ms (DATA_DIR ${dataDir})`);
  /** Resolves while the runtime is up; replaced by a pending one while it is down. */
  let up: Promise<void> = Promise.resolve();
  let restartDone: () => void = () => undefined;
  let lastRestartAt = Date.now();

  try {
    const partner = await signInOverHttp(url, dataDir, `chaos-${randomUUID()}@example.com`);
    const created = await request(url, 'POST', '/partner/api-keys', { token: partner.token });
    if (created.status !== 201) throw new Error(`API key not created: ${created.status} ${created.text}`);
    const apiKey = created.json.apiKey as string;
    // Two pages of AVAILABLE plaques: some cannot be minted (prepare refuses them), and each kill wastes a few holds.
    const candidates: number[] = [];
    for (let page = 0, cursor: string | null = null; page < 2 && (page === 0 || cursor); page++) {
      const body = { filters: { status: ['AVAILABLE'] }, limit: 100, ...(cursor && { cursor }) };
      const available = await request(url, 'POST', '/plaques/featured', { body });
      candidates.push(...(available.json.plaques as { id: number }[]).map((p) => p.id));
      cursor = available.json.nextCursor as string | null;
    }
    const pool = [...candidates];
    const purchases: Purchase[] = [];
    const db = createDocumentClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.DYNAMODB_PORT}` });
    // The plaques of the purchases made to fail; two per such purchase, as a prepare whose answer a kill took leaves
    // its plaque held and the purchase takes another.
    const doomedPool = pool.splice(0, 2 * (options.cancelsPerRound ?? 0) * options.kills);
    /**
     * Once held (prepare refuses a plaque it could not mint), the plaque's token id becomes one that is not a uint256:
     * the buy records it on the order, and delivery marks the order FAILED. Its `updatedAt` is kept, so the buy goes on.
     */
    const spoilTokenId = async (plaqueId: number) => {
      for (;;) {
        await up;
        try {
          const set = { UpdateExpression: 'SET tokenId = :bad', ExpressionAttributeValues: { ':bad': 'not-a-token' } };
          return await db.send(new UpdateCommand({ TableName: TABLE, Key: plaqueKey(plaqueId), ...set }));
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    /** `npm run ops -- cancel-order`, as an operator runs it against the runtime's table. */
    const cancelOrder = (orderId: string) =>
      run(
        process.execPath,
        [
          ...OPS_CLI,
          '--endpoint',
          `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
          '--table',
          TABLE,
          'cancel-order',
          orderId,
          '--reason',
          'chaos: cannot be delivered',
        ],
        { cwd: PROJECT_ROOT, env: { ...process.env, LOG_LEVEL: 'SILENT' } },
      );

    /** The moment the current round waits for, and how to fire it once. */
    let armed: KillMoment | null = null;
    let fire: () => void = () => undefined;
    const trigger = (moment: KillMoment) => {
      if (armed === moment) {
        armed = null;
        fire();
      }
    };

    /** Calls the runtime, waiting through its downtime and retrying while it is down or restarting. */
    const callUp = async (method: string, path: string, init: Parameters<typeof request>[3] = {}): Promise<Reply> => {
      for (;;) {
        await up;
        try {
          return await request(url, method, path, init);
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };

    /** Waits until the order is FAILED, then cancels it as an operator would, again until it reads CANCELLED. */
    async function cancelWhenFailed(orderId: string): Promise<void> {
      for (;;) {
        const status = (await callUp('GET', `/partner/orders/${orderId}`, { key: apiKey })).json?.status;
        if (status === 'CANCELLED') return;
        if (status === 'FAILED') {
          trigger('cancel');
          await up;
          // A kill may cut it short, before or after its transaction: the status read next says which.
          await cancelOrder(orderId).catch(() => undefined);
        } else await new Promise((r) => setTimeout(r, 200));
      }
    }

    async function purchase(doomed = false): Promise<void> {
      const bought: Purchase = { wallet: privateKeyToAccount(generatePrivateKey()).address, doomed, keys: new Map(), orderId: null };
      purchases.push(bought);
      while (bought.orderId === null) {
        const plaqueId = (doomed ? doomedPool : pool).shift();
        if (plaqueId === undefined) throw new Error('no available plaque left');
        trigger('prepare');
        const held = await callUp('POST', `/partner/plaques/${plaqueId}/prepare`, { key: apiKey, body: { buyerWallet: bought.wallet } });
        if (held.status !== 200) continue; // held by an earlier try whose answer a kill took: another plaque
        if (doomed) await spoilTokenId(plaqueId);
        const path = `/partner/plaques/${plaqueId}/buy`;
        const body = { reservationId: held.json.reservationId as string, buyerWallet: bought.wallet };
        const key = randomUUID();
        const sent = { path, body, answers: [] as string[] };
        bought.keys.set(key, sent);
        for (;;) {
          trigger('buy');
          const answer = await callUp('POST', path, { key: apiKey, body, headers: { 'idempotency-key': key } });
          if (answer.status === 409 && answer.json?.code === 'REQUEST_IN_PROGRESS') {
            // A buy a kill interrupted holds its key for a minute: wait for it, as a partner would.
            await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          if (answer.status >= 500) {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          sent.answers.push(`${answer.status} ${answer.text}`);
          if (answer.status === 201) {
            bought.orderId = answer.json.orderId as string;
            // The worker takes a new order up within a poll of the stream (250 ms): kill somewhere in there.
            if (armed === 'minting') setTimeout(() => trigger('minting'), 50 + Math.floor(Math.random() * 350));
          }
          break;
        }
      }
      if (doomed) await cancelWhenFailed(bought.orderId);
    }

    const chainClient = createPublicClient({ transport: http(`http://127.0.0.1:${ports.ANVIL_PORT}`) });
    /**
     * Watches the orders bought so far, firing `minting` when an order is MINTING (its batch stored, sent or pending),
     * `mined` when a MINTING order's transaction has a receipt (mined, not yet recorded), `delivered` when one is
     * DELIVERED.
     */
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const p of purchases) {
          if (!p.orderId || !armed || (armed !== 'minting' && armed !== 'mined' && armed !== 'delivered')) continue;
          const order = await request(url, 'GET', `/partner/orders/${p.orderId}`, { key: apiKey }).catch(() => null);
          if (order?.json?.status === 'MINTING') {
            trigger('minting');
            if (armed === 'mined' && order.json.txHash) {
              const receipt = await chainClient.getTransactionReceipt({ hash: order.json.txHash }).catch(() => null);
              if (receipt) trigger('mined');
            }
          }
          if (order?.json?.status === 'DELIVERED') trigger('delivered');
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    for (let round = 0; round < options.kills; round++) {
      const moment = moments[round % moments.length]!;
      const killed = new Promise<void>((done) => {
        fire = () => {
          up = new Promise<void>((resume) => (restartDone = resume));
          // A few milliseconds later, so the request or the write it waits for is under way.
          setTimeout(() => void killTree(runtime).then(done), Math.floor(Math.random() * 15));
        };
      });
      armed = moment;
      // Should the moment never come (an order's MINTING is short on anvil), kill anyway after a while.
      const late = setTimeout(() => trigger(moment), 20_000);
      const buyers = [
        ...Array.from({ length: options.ordersPerRound }, () => purchase()),
        ...Array.from({ length: options.cancelsPerRound ?? 0 }, () => purchase(true)),
      ];
      await killed;
      clearTimeout(late);
      kills.push({ moment, atMs: Date.now() - started });
      log(`kill ${round + 1}/${options.kills} during ${moment}`);
      runtime = await startRuntime(dataDir, ports, runtimeEnv);
      lastRestartAt = Date.now();
      const line = /Deliveries: .*/.exec(runtime.output())?.[0] ?? '(no reconciler line)';
      reconciled.push(line);
      log(`restarted in ${lastRestartAt - kills[kills.length - 1]!.atMs - started} ms; ${line}`);
      restartDone();
      await Promise.all(buyers);
    }
    watching = false;
    await watcher;

    // Every order reaches DELIVERED without a person; those made to fail are CANCELLED (their purchase waited for it).
    const orderIds = purchases.map((p) => p.orderId!);
    const cancelledIds = new Set(purchases.filter((p) => p.doomed).map((p) => p.orderId!));
    const expected = (id: string) => (cancelledIds.has(id) ? 'CANCELLED' : 'DELIVERED');
    const pendingAtRestart = new Set<string>();
    for (const id of orderIds) {
      const order = await request(url, 'GET', `/partner/orders/${id}`, { key: apiKey });
      if (order.json?.status !== expected(id)) pendingAtRestart.add(id);
    }
    let timeToRecoverMs = 0;
    for (;;) {
      const statuses = await Promise.all(orderIds.map((id) => request(url, 'GET', `/partner/orders/${id}`, { key: apiKey })));
      const left = statuses.filter((s, i) => s.json?.status !== expected(orderIds[i]!));
      timeToRecoverMs = Date.now() - lastRestartAt;
      if (left.length === 0) break;
      if (timeToRecoverMs > recoveryLimitMs) {
        violations.push(
          `${left.length} order(s) not DELIVERED (or CANCELLED) ${recoveryLimitMs / 1000} s after the last restart: ${left.map((s) => s.text).join('; ')}`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    log(`every order delivered ${timeToRecoverMs} ms after the last restart`);

    // Every Idempotency-Key replays one outcome, byte for byte.
    for (const p of purchases) {
      for (const [key, sent] of p.keys) {
        const again = await request(url, 'POST', sent.path, { key: apiKey, body: sent.body, headers: { 'idempotency-key': key } });
        const answers = new Set([...sent.answers, `${again.status} ${again.text}`]);
        if (answers.size !== 1) violations.push(`Idempotency-Key ${key} answered differently: ${[...answers].join(' | ')}`);
      }
    }

    // Every cancellation is in the partner's event feed.
    const feed = await request(url, 'GET', '/partner/events?type=order.cancelled&limit=100', { key: apiKey });
    const announced = new Set((feed.json?.events ?? []).map((e: { data: { orderId: string } }) => e.data.orderId));
    for (const id of cancelledIds)
      if (!announced.has(id)) violations.push(`order ${id} is cancelled but order.cancelled is not in the feed`);

    // The table and the chain.
    const orders = await partnerOrderRepo(db, TABLE).listByPartner(partner.user.id as number);
    const plaques = plaqueRepo(db, TABLE);
    const ordersByPlaque = new Map<number, number>();
    for (const order of orders) ordersByPlaque.set(order.plaqueId, (ordersByPlaque.get(order.plaqueId) ?? 0) + 1);
    const cancelledPlaques = new Set(orders.filter((o) => cancelledIds.has(o.orderId)).map((o) => o.plaqueId));
    for (const [plaqueId, count] of ordersByPlaque) {
      const plaque = await plaques.get(plaqueId);
      if (count !== 1) violations.push(`plaque ${plaqueId} has ${count} orders`);
      // A cancelled order's plaque is for sale again.
      const status = cancelledPlaques.has(plaqueId) ? 'AVAILABLE' : 'MINTED';
      if (plaque?.status !== status)
        violations.push(`plaque ${plaqueId} of a ${status === 'MINTED' ? 'delivered' : 'cancelled'} order is ${plaque?.status}`);
    }
    for (const p of purchases) if (!orders.some((o) => o.orderId === p.orderId)) violations.push(`order ${p.orderId} is not in the table`);
    // The ledger: one sale entry an order, a reversal a cancelled one, and a balance that is the entries' sum.
    const balance = await request(url, 'GET', '/partner/balance', { key: apiKey });
    violations.push(...(await ledgerViolations(db, TABLE, partner.user.id as number, orders, balance.json?.balances ?? [])));
    // Every plaque the purchases could have bought (the sample catalogue also holds SOLD and MINTED plaques of its own).
    for (const plaqueId of candidates) {
      const plaque = await plaques.get(plaqueId);
      if ((plaque?.status === 'SOLD' || plaque?.status === 'MINTED') && ordersByPlaque.get(plaqueId) !== 1) {
        violations.push(`plaque ${plaqueId} is ${plaque.status} with ${ordersByPlaque.get(plaqueId) ?? 0} orders`);
      }
    }
    const contract = getAddress(
      (JSON.parse(readFileSync(join(dataDir, 'chain', 'contract.json'), 'utf8')) as { contractAddress: string }).contractAddress,
    );
    const chain = createPublicClient({ transport: http(`http://127.0.0.1:${ports.ANVIL_PORT}`) });
    const mints = await chain.getContractEvents({
      address: contract,
      abi: plaqueTokenAbi,
      eventName: 'TransferSingle',
      args: { from: zeroAddress },
      fromBlock: 0n,
    });
    // The batches: the transactions that minted the delivered orders' tokens, and the most one of them minted.
    const ourTokens = new Set(orders.filter((o) => !cancelledIds.has(o.orderId)).map((o) => BigInt(o.tokenId)));
    const perTransaction = new Map<string, number>();
    for (const log of mints) {
      if (ourTokens.has(log.args.id!)) perTransaction.set(log.transactionHash, (perTransaction.get(log.transactionHash) ?? 0) + 1);
    }
    for (const order of orders) {
      if (cancelledIds.has(order.orderId)) {
        // Its token id is not one the contract takes: nothing can have been minted for it.
        if (order.status !== 'CANCELLED') violations.push(`order ${order.orderId} made to fail is ${order.status}`);
        continue;
      }
      const tokenId = BigInt(order.tokenId);
      const balance = await chain.readContract({
        address: contract,
        abi: plaqueTokenAbi,
        functionName: 'balanceOf',
        args: [getAddress(order.buyerWallet), tokenId],
      });
      if (order.status !== 'DELIVERED') violations.push(`order ${order.orderId} is ${order.status}`);
      if (balance !== 1n) violations.push(`order ${order.orderId}: the buyer holds ${balance} of token ${tokenId}`);
      const minted = mints.filter((log) => log.args.id === tokenId).length;
      if (minted !== 1) violations.push(`token ${tokenId} minted ${minted} times`);
    }
    db.destroy();
    return {
      kills,
      orders: orderIds.length,
      cancelled: cancelledIds.size,
      recovered: pendingAtRestart.size,
      timeToRecoverMs,
      reconciled,
      transactions: perTransaction.size,
      largestBatch: Math.max(0, ...perTransaction.values()),
      violations,
    };
  } finally {
    restartDone();
    await stopRuntime(runtime);
  }
}
