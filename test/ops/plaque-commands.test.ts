// The ops command line for the catalogue: imports report bad rows by line and write nothing partial; feature flags.
import { OPS_CLI } from '../support/ops-cli.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { catalogRepo } from '#lib/db/catalog-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { plaqueKey } from '#lib/db/keys.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { recordServedAddress, runtimeRecordFile } from '#lib/local/runtime-record.ts';
import { importPlaques } from '#lib/ops/plaque-commands.ts';
import type { TargetOptions } from '#lib/ops/target.ts';
import { readJsonRows } from '#lib/plaques/import-rows.ts';
import { CatalogProjection } from '#lib/plaques/catalog-projection.ts';
import { localSnapshotStore } from '#lib/plaques/catalog-snapshot-store.ts';
import { listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import { recordIndexQueries } from '../plaques/catalog-queries.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'plaque-ops-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** The stage's contract as an operator may type it (lower case): stored checksummed. */
const CONTRACT = TEST_CONTRACT.toLowerCase();

let ctx: AppContext;
let target: TargetOptions;
beforeEach(async () => {
  ctx = await freshTable();
  target = { endpoint: inject('dynamoEndpoint'), table: ctx.tableName, dataDir: ctx.dataDir, contractAddress: CONTRACT };
  // The folder was last served where the test context serves media: new plaques get that placeholder.
  recordServedAddress(ctx.dataDir, new URL(TEST_PLACEHOLDER).origin);
});

const allPlaques = async () =>
  (await catalogRepo(dbOf(ctx), ctx.tableName).changes(null, { includeLegacy: false })).sort((a, b) => a.id - b.id);

const CSV_HEADER = 'alphabetPart,numberPart,price,currency,marketplace,condition,featured,description';

describe('import', () => {
  it('imports a CSV file with quoted cells, as AVAILABLE plaques with fresh ids', async () => {
    const path = file(
      'good.csv',
      `${CSV_HEADER}\nABC,0042,12.5,USD,SERVICE,VIRGIN,true,"Corner, north side"\nABD,0001,99,EUR,OPENSEA,USED,false,\n`,
    );
    expect(await importPlaques(target, path)).toEqual({
      imported: 2,
      importId: expect.stringMatching(/^imp_/),
      problems: [],
      snapshot: null,
      streamSkipped: [],
    });
    const rows = await allPlaques();
    expect(rows.map((r) => [r.id, r.name, r.status, r.featured])).toEqual([
      [1, 'ABC-0042', 'AVAILABLE', true],
      [2, 'ABD-0001', 'AVAILABLE', false],
    ]);
    const stored = await plaqueRepo(dbOf(ctx), ctx.tableName).get(1);
    expect(stored).toMatchObject({ description: 'Corner, north side', price: 12.5, featuredAt: expect.any(String) });
  });

  it('stores the interface\'s values and types: lower-case marketplace, ERC-1155, the placeholder image, "", the stage\'s contract', async () => {
    const path = file(
      'values.json',
      JSON.stringify([
        { alphabetPart: 'ABC', numberPart: '0001', price: 1, marketplace: 'SERVICE', condition: 'VIRGIN' },
        {
          alphabetPart: 'ABC',
          numberPart: '0002',
          price: 1,
          marketplace: 'opensea',
          condition: 'DAMAGED',
          image: 'https://img.example/a.png',
        },
        { alphabetPart: 'ABC', numberPart: '0003', price: 1, marketplace: 'OPENSEA', condition: 'USED', description: null },
      ]),
    );
    expect(await importPlaques(target, path)).toEqual({
      imported: 3,
      importId: expect.stringMatching(/^imp_/),
      problems: [],
      snapshot: null,
      streamSkipped: [],
    });
    const raw = await Promise.all([1, 2, 3].map((id) => dbOf(ctx).send(new GetCommand({ TableName: ctx.tableName, Key: plaqueKey(id) }))));
    expect(raw.map((r) => r.Item)).toEqual([
      expect.objectContaining({ marketplace: 'service', condition: 'VIRGIN', image: TEST_PLACEHOLDER, description: '' }),
      expect.objectContaining({ marketplace: 'opensea', condition: 'DAMAGED', image: 'https://img.example/a.png' }),
      expect.objectContaining({ marketplace: 'opensea', condition: 'USED', description: '' }),
    ]);
    for (const { Item } of raw) {
      expect(Item).toMatchObject({ standard: 'ERC-1155', contractAddress: TEST_CONTRACT, tokenId: null, minted: false });
    }
  });

  it('refuses the values of earlier versions, naming the allowed ones', async () => {
    const path = file('old.csv', `${CSV_HEADER}\nABC,0042,1,USD,PRIMARY,GOOD,true,\nABC,0043,1,USD,SECONDARY,WORN,true,\n`);
    const report = await importPlaques(target, path);
    expect(report.problems).toEqual([
      { line: 2, messages: ['marketplace must be one of SERVICE, OPENSEA', 'condition must be one of VIRGIN, USED, DAMAGED'] },
      { line: 3, messages: ['marketplace must be one of SERVICE, OPENSEA', 'condition must be one of VIRGIN, USED, DAMAGED'] },
    ]);
    expect(await allPlaques()).toEqual([]);
  });

  it('stops with one line naming the option when the contract address is unknown, before writing anything', async () => {
    const path = file('no-contract.csv', `${CSV_HEADER}\nABC,0042,1,USD,SERVICE,VIRGIN,true,\n`);
    const { contractAddress: _given, ...withoutContract } = target;
    const error = await importPlaques(withoutContract, path).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^No contract address for table .+: pass --contract-address <0x…>.* or set CONTRACT_ADDRESS/);
    expect((error as Error).message).not.toContain('\n');
    expect(await allPlaques()).toEqual([]);
    // Not even an id was spent: the next import starts at 1.
    await importPlaques(target, path);
    expect((await allPlaques()).map((r) => r.id)).toEqual([1]);
  });

  it('reports every bad row of a JSON file by line and writes nothing', async () => {
    const path = file(
      'bad.json',
      [
        '[',
        '  { "alphabetPart": "ABC", "numberPart": "0001", "price": 1, "marketplace": "SERVICE", "condition": "USED" },',
        '  { "alphabetPart": "abc", "numberPart": "0002", "price": 1, "marketplace": "SERVICE", "condition": "USED" },',
        '  {',
        '    "alphabetPart": "ABC", "numberPart": "0003", "price": -1, "marketplace": "SERVICE", "condition": "USED", "owner": "x"',
        '  },',
        '  { "alphabetPart": "ABC", "numberPart": "0001", "price": 1, "marketplace": "SERVICE", "condition": "USED" }',
        ']',
      ].join('\n'),
    );
    const report = await importPlaques(target, path);
    expect(report.imported).toBe(0);
    expect(report.problems).toEqual([
      { line: 3, messages: ['alphabetPart must be three capital letters'] },
      { line: 4, messages: expect.arrayContaining(['has unknown member owner', 'price must be at least 0']) },
      { line: 7, messages: ['name ABC-0001 repeats line 2'] },
    ]);
    expect(await allPlaques()).toEqual([]);
  });

  it('refuses the whole file when a name already exists in the table', async () => {
    await importPlaques(target, file('first.csv', `${CSV_HEADER}\nABC,0042,1,USD,SERVICE,VIRGIN,true,\n`));
    const report = await importPlaques(
      target,
      file('second.csv', `${CSV_HEADER}\nXYZ,0001,1,USD,SERVICE,VIRGIN,true,\nABC,0042,1,USD,SERVICE,VIRGIN,true,\n`),
    );
    expect(report).toEqual({ imported: 0, problems: [{ line: 3, messages: ['name ABC-0042 already exists'] }] });
    expect((await allPlaques()).map((r) => r.name)).toEqual(['ABC-0042']);
  });

  it('refuses a missing file in one line naming it, and writes nothing', async () => {
    const missing = join(dir, 'no-such-file.csv');
    await expect(importPlaques(target, missing)).rejects.toThrow(new RegExp(`^No file ${missing}: nothing imported$`));
    await expect(importPlaques(target, dir)).rejects.toThrow(/ is a folder, not a file: nothing imported$/);
    expect(await allPlaques()).toEqual([]);
  });

  it('refuses a file that holds no plaques: empty, a header row alone, an empty array', async () => {
    for (const [name, text] of [
      ['empty.csv', ''],
      ['header.csv', `${CSV_HEADER}\n`],
      ['empty.json', ''],
      ['none.json', '[]'],
    ] as const) {
      await expect(importPlaques(target, file(name, text)), name).rejects.toThrow(/ holds no plaques .*: nothing imported$/);
      await expect(importPlaques(target, file(name, text), { dryRun: true }), name).rejects.toThrow(/ holds no plaques/);
    }
  });

  it('lists every bad row of a CSV file, before and after a row it cannot read as CSV', async () => {
    const path = file(
      'broken.csv',
      [
        CSV_HEADER,
        'abc,0001,1,USD,SERVICE,VIRGIN,true,',
        'ABC,0002,1,USD,SERVICE',
        'ABC,0003,1,USD,SERVICE,VIRGIN,true,',
        'ABC,0004,1,USD,SERVICE,GOOD,true,',
        'ABC,0005,1,USD,SERVICE,VIRGIN,true,,one cell too many',
        'ABC,0006,-1,USD,SERVICE,VIRGIN,true,',
      ].join('\n'),
    );
    const report = await importPlaques(target, path);
    expect(report.problems.map((p) => [p.line, p.messages.join('; ')])).toEqual([
      [2, 'alphabetPart must be three capital letters'],
      [3, expect.stringMatching(/^not valid CSV: .*line 3/)],
      [5, 'condition must be one of VIRGIN, USED, DAMAGED'],
      [6, expect.stringMatching(/^not valid CSV: .*line 6/)],
      [7, 'price must be at least 0'],
    ]);
    expect(await allPlaques()).toEqual([]);
  });

  it("tells its progress, and leaves the local listing's snapshot holding every record it wrote", async () => {
    // As npm start records itself: the import works on its DynamoDB Local and keeps its data folder's snapshot.
    writeFileSync(
      runtimeRecordFile(ctx.dataDir),
      JSON.stringify({
        pid: process.pid,
        owner: 'npm start',
        startedAt: new Date().toISOString(),
        tableName: ctx.tableName,
        dynamodb: { endpoint: target.endpoint, port: 0 },
      }),
    );
    const local = { table: ctx.tableName, dataDir: ctx.dataDir, contractAddress: CONTRACT };
    const rows = Array.from({ length: 120 }, (_, i) => `QRS,${String(i).padStart(4, '0')},5,USD,SERVICE,USED,${i % 2 === 0},`);
    const said: string[] = [];
    const written: number[] = [];
    const report = await importPlaques(
      local,
      file('many.csv', [CSV_HEADER, ...rows].join('\n')),
      {},
      { say: (line) => said.push(line), written: (count, total) => written.push(count / total) },
    );
    expect(report).toMatchObject({ imported: 120, snapshot: { written: true, plaques: 120, recordsHeld: 120 } });
    expect(said).toEqual([expect.stringMatching(/^Checking 120 name\(s\)/), expect.stringMatching(/snapshot up to date/)]);
    expect(written[0]).toBe(0);
    expect(written.at(-1)).toBe(1);
    // A listing that starts from it holds every imported record: its pages read none by key.
    const listing = new CatalogProjection(ctx, { stalenessMs: 0, snapshots: localSnapshotStore(ctx.dataDir, ctx.tableName) });
    await listing.recordsReady();
    const queries = recordIndexQueries(dbOf(ctx));
    const page = await listing.list(listFeaturedInput.parse({ limit: 100 }), new Date(), stageValuesOf(ctx));
    expect(page.count).toBe(60);
    expect(queries.filter((q) => q.index === 'records')).toEqual([]);
  });

  it("on a folder no npm start serves, moves npm start's stream consumers past the records it wrote", async () => {
    // The command starts DynamoDB Local over the folder itself; no consumer reads the stream meanwhile.
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-ops-idle-'));
    const rows = Array.from({ length: 40 }, (_, i) => `TUV,${String(i).padStart(4, '0')},5,USD,SERVICE,USED,false,`);
    const said: string[] = [];
    const report = await importPlaques(
      { dataDir, createDataDir: true, contractAddress: CONTRACT, mediaBaseUrl: new URL(TEST_PLACEHOLDER).origin },
      file('idle.csv', [CSV_HEADER, ...rows].join('\n')),
      {},
      { say: (line) => said.push(line), written: () => undefined },
    );
    expect(report.imported).toBe(40);
    // Each plaque and its name claim, the id counter and the import's record as it starts: none is a delivery's, a
    // code mail's or an event's. The import's record marked done is the event maker's (its `catalogue.imported`): that
    // consumer stops before it, the other two read past it too.
    expect(report.streamSkipped).toEqual([83, 83, 82]);
    for (const folder of ['', 'code-mail', 'order-events'])
      expect(existsSync(join(dataDir, 'streams', folder, 'checkpoints.json'))).toBe(true);
    expect(said).toContain("Moving npm start's stream consumers past the import's records…");
  }, 90_000);

  it('gives the line of each JSON array element', () => {
    const { problems } = readJsonRows('[\n{"a":"[,{"},\n\n  {"b":1}]');
    expect(problems.map((p) => p.line)).toEqual([2, 4]);
  });
});

describe('npm run ops', () => {
  it('imports, features and unfeatures from the command line, and exits 1 on bad rows', async () => {
    const args = [...OPS_CLI, '--endpoint', target.endpoint!, '--table', target.table!];
    const env = { ...process.env, LOG_LEVEL: 'SILENT', DATA_DIR: ctx.dataDir };
    const good = file('cli.csv', `${CSV_HEADER}\nQRS,0007,5,USD,SERVICE,USED,false,\n`);
    const noContract = await run(process.execPath, [...args, 'import', good], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(noContract).toMatchObject({ code: 1, stderr: expect.stringMatching(/No contract address .*--contract-address/) });
    args.push('--contract-address', CONTRACT);
    expect((await run(process.execPath, [...args, 'import', good], { env })).stdout).toContain('Imported 1 plaque(s).');
    expect((await run(process.execPath, [...args, 'feature', '1'], { env })).stdout).toContain('QRS-0007 (id 1) is featured');
    expect((await allPlaques())[0]).toMatchObject({ featured: true, featuredAt: expect.any(String) });
    expect((await run(process.execPath, [...args, 'unfeature', '1'], { env })).stdout).toContain('no longer featured');
    expect((await allPlaques())[0]).toMatchObject({ featured: false, featuredAt: null });

    const bad = file('cli-bad.csv', `${CSV_HEADER}\nQR,0008,5,USD,SERVICE,USED,false,\n`);
    const failed = await run(process.execPath, [...args, 'import', bad], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('line 2: alphabetPart must be three capital letters') });
    const empty = await run(process.execPath, [...args, 'import', file('cli-empty.csv', '')], { env }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(empty).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/cli-empty\.csv holds no plaques/) });

    const missing = await run(process.execPath, [...args, 'feature', '99'], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('plaque 99 does not exist') });
    // Five command-line processes, each starting tsx: slow on a busy machine.
  }, 90_000);

  it("sets a plaque's price and currency from the command line, and refuses a bad price, currency or plaque", async () => {
    const args = [...OPS_CLI, '--endpoint', target.endpoint!, '--table', target.table!, '--contract-address', CONTRACT];
    const env = { ...process.env, LOG_LEVEL: 'SILENT', DATA_DIR: ctx.dataDir };
    await run(process.execPath, [...args, 'import', file('price.csv', `${CSV_HEADER}\nPRC,0001,5,USD,SERVICE,USED,true,\n`)], { env });
    expect((await run(process.execPath, [...args, 'price', '1', '12.5', '--currency', 'eur'], { env })).stdout).toContain(
      'PRC-0001 (id 1) costs 12.5 EUR.',
    );
    expect((await allPlaques())[0]).toMatchObject({ price: 12.5 });
    expect(await plaqueRepo(dbOf(ctx), ctx.tableName).get(1)).toMatchObject({ price: 12.5, currency: 'EUR' });
    const refused = (extra: string[]) =>
      run(process.execPath, [...args, 'price', ...extra], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(await refused(['1', '-3'])).toMatchObject({ code: 1, stderr: expect.stringContaining('price must be a number') });
    expect(await refused(['1', '3', '--currency', 'GBP'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('currency must be one of USD, EUR'),
    });
    expect(await refused(['99', '3'])).toMatchObject({ code: 1, stderr: expect.stringContaining('plaque 99 does not exist') });
  }, 90_000);
});
