// What an entity library would cost a function's cold start, next to the repositories' own item mapping:
// `npm install --no-save dynamodb-toolbox electrodb && npx tsx test/bench/entity-libraries.ts [runs]`.
// Each reference reads one order by key, bundled with the stack's esbuild settings; a fresh Node process imports it
// and the median of `runs` processes is printed, wall time and the process's CPU time (steadier on a busy machine).
// Figures only: the reasoning and the figures of the decision are in docs/single-table.md.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildBundle, projectRoot } from '../../infra/bundling.ts';

const run = promisify(execFile);
const DIR = path.join(projectRoot, '.bench', 'entity-libraries');

const STRINGS = [
  'orderId',
  'apiKeyId',
  'reservationId',
  'buyerWallet',
  'currency',
  'tokenId',
  'contractAddress',
  'status',
  'createdAt',
  'updatedAt',
];
const NUMBERS = ['partnerId', 'plaqueId', 'price'];
const OPTIONAL = ['txHash', 'failureReason'];

const client = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`;

const REFERENCES: { name: string; needs?: string; source: string }[] = [
  {
    name: 'floor: the two DynamoDB packages, a GetCommand',
    source: `${client}export const handler = async (event) => db.send(new GetCommand({ TableName: 't', Key: { id: event.id } }));\n`,
  },
  {
    name: "own: the partner order repository (toItem/fromItem, the partner's order operations)",
    source: `${client}import { partnerOrderRepo } from '${path.join(projectRoot, 'lib/db/partner-order-repo.ts')}';
export const handler = async (event) => partnerOrderRepo(db, 't').get(event.id);\n`,
  },
  {
    name: 'dynamodb-toolbox v2: Table, one Entity, GetItemCommand',
    needs: 'dynamodb-toolbox',
    source: `${client}import { Table } from 'dynamodb-toolbox/table';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { number } from 'dynamodb-toolbox/schema/number';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
const table = new Table({ name: 't', partitionKey: { name: 'pk', type: 'string' }, sortKey: { name: 'sk', type: 'string' }, documentClient: db });
const Order = new Entity({
  name: 'order',
  table,
  schema: item({ ${[
    ...STRINGS.map((f) => `${f}: string()${f === 'orderId' ? '.key()' : ''}`),
    ...NUMBERS.map((f) => `${f}: number()`),
    ...OPTIONAL.map((f) => `${f}: string().optional()`),
  ].join(', ')} }),
  computeKey: ({ orderId }) => ({ pk: 'ORDER#' + orderId, sk: 'ORDER' }),
});
export const handler = async (event) => Order.build(GetItemCommand).key({ orderId: event.id }).send();\n`,
  },
  {
    name: 'ElectroDB: one Entity, get().go()',
    needs: 'electrodb',
    source: `${client}import { Entity } from 'electrodb';
const Order = new Entity({
  model: { entity: 'order', version: '1', service: 'plaques' },
  attributes: { ${[
    ...STRINGS.map((f) => `${f}: { type: 'string'${f === 'orderId' ? ', required: true' : ''} }`),
    ...NUMBERS.map((f) => `${f}: { type: 'number' }`),
    ...OPTIONAL.map((f) => `${f}: { type: 'string' }`),
  ].join(', ')} },
  indexes: { primary: { pk: { field: 'pk', composite: ['orderId'] }, sk: { field: 'sk', composite: [] } } },
}, { client: db, table: 't' });
export const handler = async (event) => Order.get({ orderId: event.id }).go();\n`,
  },
];

/** Wall and CPU milliseconds one fresh process spends importing the bundle (after the ESM loader is warm, as in Lambda). */
async function timeImport(file: string): Promise<{ wall: number; cpu: number }> {
  const script = [
    "await import('data:text/javascript,export default 0');",
    'const c0 = process.cpuUsage(); const t0 = performance.now();',
    'await import(process.env.BUNDLE_URL);',
    'const c = process.cpuUsage(c0); console.log(performance.now() - t0, (c.user + c.system) / 1000);',
  ].join(' ');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.dirname(file),
    timeout: 30_000,
    env: { PATH: process.env['PATH'] ?? '', AWS_REGION: 'us-east-1', BUNDLE_URL: pathToFileURL(file).href },
  });
  const [wall, cpu] = stdout.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall: wall!, cpu: cpu! };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const runs = Math.max(7, Number(process.argv[2] ?? 31));
await rm(DIR, { recursive: true, force: true });
const built: { name: string; file: string; bytes: number; wall: number[]; cpu: number[] }[] = [];
for (const [i, reference] of REFERENCES.entries()) {
  if (reference.needs && !existsSync(path.join(projectRoot, 'node_modules', reference.needs))) {
    console.log(`skipped (${reference.needs} not installed): ${reference.name}`);
    continue;
  }
  const dir = path.join(DIR, String(i));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'entry.mjs'), reference.source);
  const bundle = await buildBundle(path.relative(projectRoot, path.join(dir, 'entry.mjs')), path.join(dir, 'out'));
  built.push({ name: reference.name, file: bundle.file, bytes: bundle.bytes, wall: [], cpu: [] });
}
// Round-robin, so the machine's noise spreads over every reference alike.
for (let i = 0; i < runs; i++) {
  for (const row of built) {
    const { wall, cpu } = await timeImport(row.file);
    row.wall.push(wall);
    row.cpu.push(cpu);
  }
}
const [floor] = built;
console.log(`median of ${runs} fresh processes; Δ against the floor`);
for (const row of built) {
  const cells = [
    `${(row.bytes / 1024).toFixed(1)} KB`,
    `wall ${median(row.wall).toFixed(1)} ms (Δ ${(median(row.wall) - median(floor!.wall)).toFixed(1)})`,
    `cpu ${median(row.cpu).toFixed(1)} ms (Δ ${(median(row.cpu) - median(floor!.cpu)).toFixed(1)})`,
  ];
  console.log(`${cells.join('  ')}  ${row.name}`);
}
