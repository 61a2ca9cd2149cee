// `npm start` as a newcomer runs it: DynamoDB Local under DATA_DIR, a seeded catalogue, a clean stop, data kept,
// and data written by an earlier version migrated before it serves.
import { OPS_CLI } from '../support/ops-cli.ts';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { createPublicClient, getAddress, http, type Address } from 'viem';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { sampleTokensFile } from '#lib/local/sample-tokens.ts';
import { localContractRecordFile, recordedPlaqueToken } from '#lib/chain/local-deployment.ts';
import { readMetadataUris } from '#lib/chain/metadata-uris.ts';
import { createDocumentClient } from '#lib/db/client.ts';
import { migrationKey } from '#lib/db/keys.ts';
import { freePort } from '#lib/local/child-process.ts';
import { startDynamoDbLocal } from '#lib/local/dynamodb-local.ts';
import { PLACEHOLDER_IMAGE_KEY } from '#lib/media/placeholder.ts';
import { catalogIndexShards } from '#lib/migrations/catalog-index-shards.ts';
import { interfaceEnumerations } from '#lib/migrations/interface-enumerations.ts';
import { walletPlaquesIndex } from '#lib/migrations/wallet-plaques-index.ts';
import { usernameSkeletons } from '#lib/migrations/username-skeletons.ts';
import { usernameRefold } from '#lib/migrations/username-refold.ts';
import { ledgerSaleEntries } from '#lib/migrations/ledger-sale-entries.ts';
import { CONDITIONS, MARKETPLACES } from '#lib/plaques/plaque.ts';
import { anOldPlaqueItem, writeOldPlaques } from '../migrations/old-plaques.ts';

const ENTRY = ['--import', 'tsx', 'lib/local/start.ts'];
const run = promisify(execFile);

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

const children: ChildProcess[] = [];
/** The folders the tests made (data folders, a PATH without Java), removed once every `npm start` has stopped. */
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));
// A test that failed midway leaves `npm start` running: SIGTERM lets it stop DynamoDB Local and anvil (SIGKILL
// alone would orphan them); SIGKILL only if it has not exited after 10 s.
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}, 15_000);

async function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ENTRY, { env: { ...process.env, LOG_LEVEL: 'WARN', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start within 60 s:\n${output}`)), 60_000);
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
      fail(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output, url };
}

async function stop(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((done) => started.child.once('exit', (code) => done(code)));
  started.child.kill('SIGTERM');
  return exited;
}

const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

async function catalogue(url: string) {
  const all = [];
  for (const featured of [true, false]) {
    let cursor: string | null = null;
    do {
      const response = await fetch(`${url}/plaques/featured`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { featured }, limit: 100, ...(cursor && { cursor }) }),
      });
      const page = (await response.json()) as { plaques: Record<string, unknown>[]; nextCursor: string | null };
      all.push(...page.plaques);
      cursor = page.nextCursor;
    } while (cursor);
  }
  return all;
}

/** Every MINTED plaque of the catalogue has its token on the local chain, held by its wallet. */
async function expectSampleTokensOnChain(plaques: Record<string, unknown>[], rpcUrl: string, contract: Address): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const minted = plaques.filter((p) => p.status === 'MINTED');
  expect(minted.length).toBeGreaterThan(0);
  for (const p of minted) {
    const balance = await client.readContract({
      address: contract,
      abi: plaqueTokenAbi,
      functionName: 'balanceOf',
      args: [getAddress(p.wallet_address as string), BigInt(p.tokenId as string)],
    });
    expect(balance, `plaque ${String(p.id)}`).toBe(1n);
  }
}

describe('npm start', () => {
  it('seeds a varied catalogue on first start, stops cleanly on SIGTERM and keeps its data', async () => {
    const dataDir = folder('plaque-start-');
    const dynamoPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(dynamoPort),
      ANVIL_PORT: String(await freePort()),
    };

    const first = await start(env);
    expect(first.output()).toContain('Seeded 240 sample plaques');
    // A new data folder has nothing to convert; its migrations are recorded as applied.
    expect(first.output()).toContain(
      `Migrated the data: ${catalogIndexShards.id} (0 scanned, 0 converted, 0 already converted); ` +
        `${interfaceEnumerations.id} (0 scanned, 0 converted, 0 already converted); ` +
        `${walletPlaquesIndex.id} (0 scanned, 0 converted, 0 already converted); ` +
        `${usernameSkeletons.id} (0 scanned, 0 converted, 0 already converted); ` +
        `${usernameRefold.id} (0 scanned, 0 converted, 0 already converted); ` +
        `${ledgerSaleEntries.id} (0 scanned, 0 converted, 0 already converted).`,
    );
    const plaques = await catalogue(first.url);
    expect(plaques.length).toBeGreaterThanOrEqual(200);
    expect(new Set(plaques.map((p) => p.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(plaques.map((p) => p.status))).toEqual(new Set(['AVAILABLE', 'LOCKED', 'SOLD', 'MINTED']));
    expect(new Set(plaques.map((p) => p.marketplace))).toEqual(new Set(MARKETPLACES));
    // The interface's types: the placeholder image (served), "" or a description, the deployed contract.
    const contract = recordedPlaqueToken(localContractRecordFile(dataDir));
    expect(new Set(plaques.map((p) => p.image))).toEqual(new Set([`${first.url}/_media/${PLACEHOLDER_IMAGE_KEY}`]));
    expect((await fetch(plaques[0]!.image as string)).headers.get('content-type')).toBe('image/png');
    expect(new Set(plaques.map((p) => p.contractAddress))).toEqual(new Set([contract]));
    expect(new Set(plaques.map((p) => p.standard))).toEqual(new Set(['ERC-1155']));
    expect(plaques.some((p) => p.description === '')).toBe(true);
    const featuredShare = plaques.filter((p) => p.featured).length / plaques.length;
    expect(featuredShare).toBeGreaterThan(0.35);
    expect(featuredShare).toBeLessThan(0.65);
    for (const p of plaques) expect(p.name).toMatch(/^[A-Z]{3}-\d{4}$/);
    // The contract names this server's token metadata, where a minted sample plaque's token resolves.
    const rpcUrl = `http://127.0.0.1:${env.ANVIL_PORT}`;
    expect(await readMetadataUris(rpcUrl, contract!)).toEqual({
      uri: `${first.url}/tokens/{id}.json`,
      contractURI: `${first.url}/contract.json`,
    });
    const minted = plaques.find((p) => p.status === 'MINTED')!;
    const token = await fetch(
      `${first.url}/tokens/${BigInt(minted.id as number)
        .toString(16)
        .padStart(64, '0')}.json`,
    );
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ name: minted.name, properties: { plaqueId: minted.id } });
    // Every MINTED sample plaque's token exists on the local chain, in the plaque's wallet.
    expect(first.output()).toMatch(/Minted the tokens of its \d+ MINTED sample plaques/);
    await expectSampleTokensOnChain(plaques, rpcUrl, contract!);
    // The partner dashboard is built when missing or stale, and served with its policy.
    const dashboard = await fetch(`${first.url}/dashboard/`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(dashboard.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await dashboard.text()).toMatch(/<script type="module" crossorigin src="\/dashboard\/assets\/[\w-]+\.js"><\/script>/);

    // The listing's catalogue snapshot is written under DATA_DIR with every record, and the second start's listing
    // loads it. The start shows the listing's first page among its steps, with the time it took.
    expect(existsSync(join(dataDir, 'catalog', 'plaques.snapshot'))).toBe(true);
    expect(first.output()).toMatch(/catalogue snapshot +[\d.]+ s +written: 240 plaques \(240 record\(s\) read by key\)/);
    await vi.waitFor(() => expect(first.output()).toMatch(/first page +[\d.]+ s +the listing answers: \d+ featured plaque\(s\)/));
    // Then the records its pages show, the object beside the snapshot: every plaque's, before the start reports ready.
    await vi.waitFor(() => expect(first.output()).toMatch(/listing records +[\d.]+ s +240 of 240 plaques' records held/), {
      timeout: 20_000,
    });

    // `npm run ops` finds the running server's DynamoDB Local through DATA_DIR: its change is what the server serves.
    const featured = plaques.find((p) => p.featured === true)!;
    const ops = await run(process.execPath, [...OPS_CLI, 'unfeature', String(featured.id)], {
      env: { ...process.env, ...env, LOG_LEVEL: 'SILENT' },
    });
    expect(ops.stdout).toContain(`(id ${featured.id}) is no longer featured`);
    await new Promise((r) => setTimeout(r, 1100));
    const listed = await fetch(`${first.url}/plaques/featured`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { featured: false }, search: featured.name, limit: 1 }),
    });
    expect(((await listed.json()) as { plaques: { id: number }[] }).plaques.map((p) => p.id)).toEqual([featured.id]);

    expect(await stop(first)).toBe(0);
    expect(await portOpen(dynamoPort)).toBe(false);

    // As if the previous version had written a plaque: indexed before sharding, old values, nulls, and neither
    // migration applied yet.
    const dynamo = await startDynamoDbLocal({ dbPath: join(dataDir, 'dynamodb') });
    const db = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
    await writeOldPlaques({ db, tableName: 'plaques' }, [
      anOldPlaqueItem({ id: 9999, condition: 'WORN', marketplace: 'PRIMARY', updatedAt: new Date().toISOString() }),
    ]);
    for (const { id } of [catalogIndexShards, interfaceEnumerations]) {
      await db.send(new DeleteCommand({ TableName: 'plaques', Key: migrationKey(id) }));
    }
    db.destroy();
    await dynamo.stop();

    // The second start listens on another port: the contract follows it.
    const second = await start({ ...env, PORT: String(await freePort()) });
    expect(second.output()).not.toContain('Seeded');
    expect(second.output()).toContain(`token metadata at ${second.url}/tokens/{id}.json (moved)`);
    expect((await readMetadataUris(rpcUrl, contract!)).uri).toBe(`${second.url}/tokens/{id}.json`);
    expect(second.output()).toContain(
      `Migrated the data: ${catalogIndexShards.id} (1 scanned, 1 converted, 0 already converted); ` +
        `${interfaceEnumerations.id} (241 scanned, 1 converted, 240 already converted).`,
    );
    const after = await catalogue(second.url);
    expect(after.map((p) => p.id).sort()).toEqual([...plaques.map((p) => p.id), 9999].sort());
    expect(after.find((p) => p.id === 9999)).toMatchObject({
      condition: 'USED',
      marketplace: 'service',
      standard: 'ERC-1155',
      description: '',
      image: `${second.url}/_media/${PLACEHOLDER_IMAGE_KEY}`,
      contractAddress: contract,
    });
    expect(await stop(second)).toBe(0);
    expect(await portOpen(dynamoPort)).toBe(false);
  }, 120_000);

  it('stops at once, naming the variable, when the environment is wrong for any operation', async () => {
    const child = spawn(process.execPath, ENTRY, {
      env: { ...process.env, CHAIN_ID: 'mainnet', DATA_DIR: folder('plaque-badenv-'), PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid or missing environment variable(s): CHAIN_ID');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('says in one line what to install when Java is missing', async () => {
    // A PATH holding node and nothing else.
    const bin = folder('plaque-path-');
    symlinkSync(process.execPath, join(bin, 'node'));
    const child = spawn(process.execPath, ENTRY, {
      env: { ...process.env, PATH: bin, DATA_DIR: folder('plaque-nojava-'), PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    // One line, and nothing else on stderr: the AWS SDK's notice about the Node version is not printed.
    expect(stderr.split('\n').filter((l) => l.trim())).toEqual([expect.stringMatching(/Java 17 or newer.*install/)]);
  });

  it('finds a taken port before it starts the database, and says which variable to change', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const port = (taken.address() as AddressInfo).port;
    const dataDir = folder('plaque-taken-');
    try {
      const child = spawn(process.execPath, ENTRY, {
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DYNAMODB_PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (c) => (output += c));
      child.stderr!.on('data', (c) => (output += c));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      expect(code).toBe(1);
      expect(output).toMatch(new RegExp(`✗ ports .*port ${port} \\(PORT\\) is taken.*set the variable to a free port`));
      expect(output).not.toMatch(/database/);
      expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
      expect(existsSync(join(dataDir, 'runtime.json'))).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('finds PORT equal to DYNAMODB_PORT at the ports step, naming both variables', async () => {
    const port = await freePort();
    const dataDir = folder('plaque-shared-port-');
    const child = spawn(process.execPath, ENTRY, {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DYNAMODB_PORT: String(port), ANVIL_PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`✗ ports .*PORT and DYNAMODB_PORT are both ${port}: give each its own port`));
    expect(output).not.toMatch(/database/);
    expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
  });
});

describe('npm start killed during its first start', () => {
  it('leaves no MINTED sample plaque without its token: the next start mints what was owed', async () => {
    const dataDir = folder('plaque-start-kill-');
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      ANVIL_PORT: String(await freePort()),
    };
    // Its own process group, so one SIGKILL takes DynamoDB Local and anvil with it, as a kill of the whole runtime does.
    const child = spawn(process.execPath, ENTRY, {
      env: { ...process.env, LOG_LEVEL: 'WARN', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const exited = new Promise((done) => child.once('exit', done));
    // Killed the moment the sample tokens are recorded as owed: the plaques are being written, nothing is minted yet.
    await vi.waitFor(() => expect(existsSync(sampleTokensFile(dataDir)), output).toBe(true), { timeout: 120_000, interval: 5 });
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    await vi.waitFor(
      () => {
        expect(() => process.kill(-child.pid!, 0)).toThrow();
      },
      { timeout: 30_000, interval: 50 },
    );

    const again = await start(env);
    const plaques = await catalogue(again.url);
    const contract = recordedPlaqueToken(localContractRecordFile(dataDir))!;
    await expectSampleTokensOnChain(plaques, `http://127.0.0.1:${env.ANVIL_PORT}`, contract);
    expect(existsSync(sampleTokensFile(dataDir))).toBe(false);
    expect(await stop(again)).toBe(0);
  }, 300_000);
});
