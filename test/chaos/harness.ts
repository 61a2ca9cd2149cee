// The crash test: the local runtime (`npm start`, in a child process group with its own DATA_DIR and free ports) under
// concurrent partner purchases over HTTP, killed whole with SIGKILL at chosen moments (during a prepare, during a buy,
// while an order is minting, just after one is DELIVERED) and restarted on the same DATA_DIR; then the invariants:
// every SOLD or MINTED plaque has exactly one order, every order reaches DELIVERED without a person, every DELIVERED
// order's token is on chain with balance 1 for its buyer, no token is minted twice, every Idempotency-Key replays one
// outcome. Used by `npm run chaos` (test/chaos/run.ts) and, smaller, by `npm test` (test/chaos/chaos.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, getAddress, http, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createDocumentClient } from '#lib/db/client.ts';
import { partnerOrderRepo } from '#lib/db/partner-order-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { freePort } from '#lib/local/child-process.ts';
import { signInOverHttp } from '../accounts/flows.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLE = 'plaques';

type KillMoment = 'prepare' | 'buy' | 'minting' | 'delivered';
const KILL_MOMENTS: readonly KillMoment[] = ['prepare', 'buy', 'minting', 'delivered'];

export interface ChaosOptions {
  /** Purchases per round; one kill per round. */
  ordersPerRound: number;
  /** Kills (and rounds); the moments cycle through `moments`. */
  kills: number;
  moments?: readonly KillMoment[];
  /** How long every order may take to reach DELIVERED after the last restart (the invariant: 2 minutes). */
  recoveryLimitMs?: number;
  log?: (line: string) => void;
}

export interface ChaosResult {
  kills: { moment: KillMoment; atMs: number }[];
  orders: number;
  /** Orders that were not DELIVERED when the last restart finished, and were delivered afterwards without a person. */
  recovered: number;
  /** From the last restart's listening line to every order DELIVERED. */
  timeToRecoverMs: number;
  /** Start-up lines of each restart about what the reconciler found. */
  reconciled: string[];
  violations: string[];
}

interface Runtime {
  child: ChildProcess;
  url: string;
  output: () => string;
}

interface Ports {
  PORT: string;
  DYNAMODB_PORT: string;
  ANVIL_PORT: string;
}

async function startRuntime(dataDir: string, ports: Ports): Promise<Runtime> {
  // Its own process group: one signal to the group reaches npm start, DynamoDB Local's Java and anvil alike.
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/local/start.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...ports, DATA_DIR: dataDir, LOG_LEVEL: 'WARN' },
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
async function stopRuntime(runtime: Runtime): Promise<void> {
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
  /** Buys sent, by Idempotency-Key: the body sent and every definitive answer seen. */
  keys: Map<string, { path: string; body: unknown; answers: string[] }>;
  orderId: string | null;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const log = options.log ?? (() => undefined);
  const moments = options.moments ?? KILL_MOMENTS;
  const recoveryLimitMs = options.recoveryLimitMs ?? 120_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'plaque-chaos-'));
  const ports: Ports = { PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), ANVIL_PORT: String(await freePort()) };
  const started = Date.now();
  const violations: string[] = [];
  const kills: ChaosResult['kills'] = [];
  const reconciled: string[] = [];

  let runtime = await startRuntime(dataDir, ports);
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
    const available = await request(url, 'POST', '/plaques/featured', { body: { filters: { status: ['AVAILABLE'] }, limit: 100 } });
    const candidates: number[] = (available.json.plaques as { id: number }[]).map((p) => p.id);
    const pool = [...candidates];
    const purchases: Purchase[] = [];

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

    async function purchase(): Promise<void> {
      const bought: Purchase = { wallet: privateKeyToAccount(generatePrivateKey()).address, keys: new Map(), orderId: null };
      purchases.push(bought);
      while (bought.orderId === null) {
        const plaqueId = pool.shift();
        if (plaqueId === undefined) throw new Error('no available plaque left');
        trigger('prepare');
        const held = await callUp('POST', `/partner/plaques/${plaqueId}/prepare`, { key: apiKey, body: { buyerWallet: bought.wallet } });
        if (held.status !== 200) continue; // held by an earlier try whose answer a kill took: another plaque
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
    }

    /** Watches the orders bought so far, firing `minting` and `delivered` when an order is seen in that state. */
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const p of purchases) {
          if (!p.orderId || !armed || (armed !== 'minting' && armed !== 'delivered')) continue;
          const order = await request(url, 'GET', `/partner/orders/${p.orderId}`, { key: apiKey }).catch(() => null);
          if (order?.json?.status === 'MINTING') trigger('minting');
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
      const buyers = Array.from({ length: options.ordersPerRound }, () => purchase());
      await killed;
      clearTimeout(late);
      kills.push({ moment, atMs: Date.now() - started });
      log(`kill ${round + 1}/${options.kills} during ${moment}`);
      runtime = await startRuntime(dataDir, ports);
      lastRestartAt = Date.now();
      const line = /Deliveries: .*/.exec(runtime.output())?.[0] ?? '(no reconciler line)';
      reconciled.push(line);
      log(`restarted in ${lastRestartAt - kills[kills.length - 1]!.atMs - started} ms; ${line}`);
      restartDone();
      await Promise.all(buyers);
    }
    watching = false;
    await watcher;

    // Every order reaches DELIVERED without a person.
    const orderIds = purchases.map((p) => p.orderId!);
    const pendingAtRestart = new Set<string>();
    for (const id of orderIds) {
      const order = await request(url, 'GET', `/partner/orders/${id}`, { key: apiKey });
      if (order.json?.status !== 'DELIVERED') pendingAtRestart.add(id);
    }
    let timeToRecoverMs = 0;
    for (;;) {
      const statuses = await Promise.all(orderIds.map((id) => request(url, 'GET', `/partner/orders/${id}`, { key: apiKey })));
      const left = statuses.filter((s) => s.json?.status !== 'DELIVERED');
      timeToRecoverMs = Date.now() - lastRestartAt;
      if (left.length === 0) break;
      if (timeToRecoverMs > recoveryLimitMs) {
        violations.push(
          `${left.length} order(s) not DELIVERED ${recoveryLimitMs / 1000} s after the last restart: ${left.map((s) => s.text).join('; ')}`,
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

    // The table and the chain.
    const db = createDocumentClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.DYNAMODB_PORT}` });
    const orders = await partnerOrderRepo(db, TABLE).listByPartner(partner.user.id as number);
    const plaques = plaqueRepo(db, TABLE);
    const ordersByPlaque = new Map<number, number>();
    for (const order of orders) ordersByPlaque.set(order.plaqueId, (ordersByPlaque.get(order.plaqueId) ?? 0) + 1);
    for (const [plaqueId, count] of ordersByPlaque) {
      const plaque = await plaques.get(plaqueId);
      if (count !== 1) violations.push(`plaque ${plaqueId} has ${count} orders`);
      if (plaque?.status !== 'MINTED') violations.push(`plaque ${plaqueId} of a delivered order is ${plaque?.status}`);
    }
    for (const p of purchases) if (!orders.some((o) => o.orderId === p.orderId)) violations.push(`order ${p.orderId} is not in the table`);
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
    for (const order of orders) {
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
    return { kills, orders: orderIds.length, recovered: pendingAtRestart.size, timeToRecoverMs, reconciled, violations };
  } finally {
    restartDone();
    await stopRuntime(runtime);
  }
}
