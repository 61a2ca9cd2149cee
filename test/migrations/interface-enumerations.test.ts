// The migrations on a table written by the previous version (plaques indexed before sharding, old values): 0001
// moves them into their shards, 0002 converts every plaque with conditional writes and touches nothing else, the
// listing answers the interface's values over HTTP before and after (warm and cold), a second run converts nothing,
// and `npm run ops -- migrate` (with --status) works from the command line.
import { OPS_CLI } from '../support/ops-cli.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { createDocumentClient } from '#lib/db/client.ts';
import { ensureTable } from '#lib/db/create-table.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { catalogIndexShards } from '#lib/migrations/catalog-index-shards.ts';
import { interfaceEnumerations } from '#lib/migrations/interface-enumerations.ts';
import { walletPlaquesIndex } from '#lib/migrations/wallet-plaques-index.ts';
import { MIGRATIONS } from '#lib/migrations/migrations.ts';
import { usernameSkeletons } from '#lib/migrations/username-skeletons.ts';
import { usernameRefold } from '#lib/migrations/username-refold.ts';
import { ledgerSaleEntries } from '#lib/migrations/ledger-sale-entries.ts';
import { LEGACY_CATALOG_PARTITION, catalogPartition, catalogShardOf } from '#lib/db/keys.ts';
import { migrationStatus } from '#lib/migrations/run-migrations.ts';
import { migrate } from '#lib/ops/migrate-command.ts';
import type { TargetOptions } from '#lib/ops/target.ts';
import { CONDITIONS, MARKETPLACES } from '#lib/plaques/plaque.ts';
import { featuredPageSchema } from '#lib/plaques/response-schemas.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { DEFAULT_API_VERSION, shapeAs } from '#lib/versions/versions.ts';
import { freshTable } from '../support/db.ts';
import { sharedChain } from '../support/chain.ts';
import { aPlaque, TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';
import { anOldCatalogue, rawPlaque, writeOldPlaques } from './old-plaques.ts';

const run = promisify(execFile);
type Item = Record<string, unknown>;

const OLD = 40;
const NEW = 5;

let ctx: AppContext;
let server: LocalServer;
let target: TargetOptions;
let before: Map<number, Item>;
let contract: string;

beforeAll(async () => {
  // The stage's contract is the chain port's (the listing shows it on plaques stored without one).
  ctx = await freshTable({ catalogStalenessMs: 0, chain: sharedChain() });
  contract = ctx.chain!.contractAddress;
  await writeOldPlaques(ctx, anOldCatalogue(OLD, 1));
  // Plaques written by this version next to them: nothing to convert there.
  await insertPlaques(
    ctx,
    Array.from({ length: NEW }, (_, i) => aPlaque({ id: OLD + 1 + i, alphabetPart: 'NEW', condition: 'USED', marketplace: 'opensea' })),
  );
  before = new Map(await Promise.all(Array.from({ length: OLD + NEW }, async (_, i) => [i + 1, await rawPlaque(ctx, i + 1)] as const)));
  server = await startLocalServer({ ctx, port: 0 });
  target = {
    endpoint: inject('dynamoEndpoint'),
    table: ctx.tableName,
    dataDir: ctx.dataDir,
    contractAddress: contract,
    mediaBaseUrl: ctx.mediaBaseUrl,
  };
});

afterAll(async () => {
  await server?.close();
});

/** Every plaque of the listing, featured and not, through the local server. */
async function listing(query = ''): Promise<Item[]> {
  const all: Item[] = [];
  for (const featured of [true, false]) {
    const response = await fetch(`${server.url}/plaques/featured?orderBy=p.id&sort=ASC&limit=100&filters[featured]=${featured}${query}`);
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(featuredPageSchema.schema().safeParse(page).error).toBeUndefined();
    all.push(...(page as { plaques: Item[] }).plaques);
  }
  return all.sort((a, b) => (a.id as number) - (b.id as number));
}

const ids = (plaques: Item[]) => plaques.map((p) => p.id);

/** A table of its own, leaving the context the local server serves in place (freshTable would replace it). */
async function anotherTable() {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') });
  const tableName = `test-${randomUUID()}`;
  await ensureTable(db, tableName);
  return { db, tableName, dataDir: mkdtempSync(join(tmpdir(), 'plaque-migrate-')) };
}
let listedBefore: Item[];

describe('before the migration', () => {
  it("lists the old plaques with the interface's values and types already", async () => {
    listedBefore = await listing();
    expect(listedBefore).toHaveLength(OLD + NEW);
    for (const plaque of listedBefore) {
      expect(CONDITIONS).toContain(plaque.condition);
      expect(MARKETPLACES).toContain(plaque.marketplace);
      expect(plaque).toMatchObject({
        standard: 'ERC-1155',
        image: expect.stringMatching(/^https?:\/\//),
        contractAddress: expect.any(String),
      });
      expect(typeof plaque.description).toBe('string');
    }
    expect(listedBefore[1]).toMatchObject({
      id: 2,
      condition: 'USED',
      marketplace: 'service',
      image: TEST_PLACEHOLDER,
      description: 'By the old gate',
    });
    expect(listedBefore[4]).toMatchObject({
      id: 5,
      condition: 'VIRGIN',
      marketplace: 'opensea',
      description: '',
      contractAddress: TEST_CONTRACT,
    });
  });

  it('filters old values by the values they stand for', async () => {
    const used = ids(await listing('&filters[condition]=USED'));
    const wereUsed = [...before.values()].filter((p) => ['GOOD', 'WORN', 'USED'].includes(p.condition as string)).map((p) => p.id);
    expect(used).toEqual(wereUsed);
    const service = ids(await listing('&filters[marketplace]=SERVICE'));
    expect(service).toEqual([...before.values()].filter((p) => ['PRIMARY', 'service'].includes(p.marketplace as string)).map((p) => p.id));
  });
});

describe('the migration', () => {
  it('moves every plaque into its shard, then converts every old plaque, reporting what each scanned and converted', async () => {
    expect(await migrate(target)).toEqual([
      {
        id: catalogIndexShards.id,
        description: catalogIndexShards.description,
        counts: { scanned: OLD, converted: OLD, alreadyConverted: 0 },
      },
      {
        id: interfaceEnumerations.id,
        description: interfaceEnumerations.description,
        counts: { scanned: OLD + NEW, converted: OLD, alreadyConverted: NEW },
      },
      // No plaque of this catalogue is minted: none to list under a wallet.
      {
        id: walletPlaquesIndex.id,
        description: walletPlaquesIndex.description,
        counts: { scanned: OLD + NEW, converted: 0, alreadyConverted: OLD + NEW },
      },
      // No users on this table, so no orders of theirs either.
      expect.objectContaining({ id: usernameSkeletons.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
      expect.objectContaining({ id: usernameRefold.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
      expect.objectContaining({ id: ledgerSaleEntries.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
    ]);
  });

  it('leaves every stored plaque in the new shape and in its shard, its own values, timestamps and catalogue position kept', async () => {
    for (const [id, old] of before) {
      expect(old.catpk).toBe(id <= OLD ? LEGACY_CATALOG_PARTITION : catalogPartition(catalogShardOf(id)));
      const { catpk, ...now } = await rawPlaque(ctx, id);
      expect(catpk).toBe(catalogPartition(catalogShardOf(id)));
      expect(CONDITIONS).toContain(now.condition);
      expect(MARKETPLACES).toContain(now.marketplace);
      expect(now.standard).toBe('ERC-1155');
      expect(now.description).toBe(old.description ?? '');
      expect(now.image).toBe(old.image ?? TEST_PLACEHOLDER);
      expect(now.contractAddress).toBe(old.contractAddress ?? contract);
      const { condition: _c, marketplace: _m, standard: _s, description: _d, image: _i, contractAddress: _a, metadata: _md, ...rest } = now;
      const {
        condition: _oc,
        marketplace: _om,
        standard: _os,
        description: _od,
        image: _oi,
        contractAddress: _oa,
        metadata: _omd,
        catpk: _ocp,
        ...oldRest
      } = old;
      expect(rest).toEqual(oldRest);
    }
    expect((await rawPlaque(ctx, 2)).condition).toBe('USED');
    expect((await rawPlaque(ctx, 3)).condition).toBe('USED');
    expect((await rawPlaque(ctx, 5)).marketplace).toBe('opensea');
    const sold = await rawPlaque(ctx, 5);
    expect(sold.metadata).toMatchObject({
      image: TEST_PLACEHOLDER,
      attributes: expect.arrayContaining([
        { trait_type: 'Condition', value: 'VIRGIN' },
        { trait_type: 'Marketplace', value: 'opensea' },
      ]),
      properties: expect.objectContaining({ condition: 'VIRGIN', marketplace: 'opensea' }),
    });
  });

  it('answers the listing exactly as before it ran', async () => {
    expect(await listing()).toEqual(listedBefore);
  });

  it('answers the same from a cold listing, which reads the shards alone', async () => {
    const cold = new CatalogProjection(ctx, { stalenessMs: 0 });
    const all: Item[] = [];
    for (const featured of [true, false]) {
      const input = listFeaturedInput.parse({ orderBy: 'p.id', sort: 'ASC', limit: 100, filters: { featured } });
      // In the shape the HTTP listing answers a caller without a version in (the default version's).
      const plaques = (await cold.list(input, new Date(), stageValuesOf(ctx))).plaques;
      all.push(...plaques.map((p) => shapeAs('Plaque', JSON.parse(JSON.stringify(p)), DEFAULT_API_VERSION) as Item));
    }
    expect(all.sort((a, b) => (a.id as number) - (b.id as number))).toEqual(listedBefore);
  });

  it('is recorded as applied, so the next run has nothing to do; run again, it converts nothing', async () => {
    const status = await migrationStatus(ctx);
    expect(status.pending).toEqual([]);
    expect(status.applied).toEqual([
      {
        id: catalogIndexShards.id,
        description: catalogIndexShards.description,
        appliedAt: expect.any(String),
        counts: { scanned: OLD, converted: OLD, alreadyConverted: 0 },
      },
      {
        id: interfaceEnumerations.id,
        description: interfaceEnumerations.description,
        appliedAt: expect.any(String),
        counts: { scanned: OLD + NEW, converted: OLD, alreadyConverted: NEW },
      },
      {
        id: walletPlaquesIndex.id,
        description: walletPlaquesIndex.description,
        appliedAt: expect.any(String),
        counts: { scanned: OLD + NEW, converted: 0, alreadyConverted: OLD + NEW },
      },
      // No users on this table, so no orders of theirs either.
      expect.objectContaining({ id: usernameSkeletons.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
      expect.objectContaining({ id: usernameRefold.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
      expect.objectContaining({ id: ledgerSaleEntries.id, counts: { scanned: 0, converted: 0, alreadyConverted: 0 } }),
    ]);
    expect(await migrate(target)).toEqual([]);
    const [again] = await migrate(target, { rerun: [interfaceEnumerations.id] });
    expect(again!.counts).toEqual({ scanned: OLD + NEW, converted: 0, alreadyConverted: OLD + NEW });
  });

  it('lets two runs overlap: each plaque is converted once, and neither fails', async () => {
    const table = await anotherTable();
    await writeOldPlaques(table, anOldCatalogue(30, 1));
    const stage = { placeholderImage: TEST_PLACEHOLDER, contractAddress: TEST_CONTRACT };
    const runs = await Promise.all([interfaceEnumerations.run({ ctx: table, stage }), interfaceEnumerations.run({ ctx: table, stage })]);
    expect(runs.map((r) => r.scanned)).toEqual([30, 30]);
    expect(runs[0]!.converted + runs[1]!.converted).toBe(30);
    expect(runs[0]!.alreadyConverted + runs[1]!.alreadyConverted).toBe(30);
    for (let id = 1; id <= 30; id++) expect((await rawPlaque(table, id)).standard).toBe('ERC-1155');
  });
});

describe('npm run ops -- migrate', () => {
  it('lists pending migrations, runs them printing what each converted, then has nothing pending', async () => {
    const table = await anotherTable();
    await writeOldPlaques(table, anOldCatalogue(12, 1));
    const args = [...OPS_CLI, '--endpoint', inject('dynamoEndpoint'), '--table', table.tableName];
    args.push('--media-base-url', ctx.mediaBaseUrl);
    const env = { ...process.env, LOG_LEVEL: 'SILENT', DATA_DIR: table.dataDir };

    const pending = await run(process.execPath, [...args, 'migrate', '--status'], { env });
    expect(pending.stdout).toContain(`pending  ${interfaceEnumerations.id}`);
    expect(pending.stdout).toContain(`pending  ${catalogIndexShards.id}`);
    expect(pending.stdout).toContain(`${MIGRATIONS.length} pending`);

    // The contract is needed and unknown here (no CONTRACT_ADDRESS, no local deployment recorded): one line, nothing written.
    const refused = await run(process.execPath, [...args, 'migrate'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('No contract address for table') });
    expect(await rawPlaque(table, 1)).toMatchObject({ standard: 'ERC1155', catpk: LEGACY_CATALOG_PARTITION });

    const done = await run(process.execPath, [...args, '--contract-address', TEST_CONTRACT, 'migrate'], { env });
    expect(done.stdout).toContain(`${catalogIndexShards.id}: 12 scanned, 12 converted, 0 already converted.`);
    expect(done.stdout).toContain(`${interfaceEnumerations.id}: 12 scanned, 12 converted, 0 already converted.`);
    expect(done.stdout).toContain(`${MIGRATIONS.length} migration(s) applied.`);
    expect(await rawPlaque(table, 1)).toMatchObject({ standard: 'ERC-1155', contractAddress: TEST_CONTRACT, image: TEST_PLACEHOLDER });

    const status = await run(process.execPath, [...args, 'migrate', '--status'], { env });
    expect(status.stdout).toMatch(
      new RegExp(`applied  ${interfaceEnumerations.id}  \\S+  \\(12 scanned, 12 converted, 0 already converted\\)`),
    );
    expect(status.stdout).toContain('Nothing pending.');
    const again = await run(process.execPath, [...args, 'migrate'], { env });
    expect(again.stdout).toContain('Nothing to migrate');
  }, 60_000);
});
