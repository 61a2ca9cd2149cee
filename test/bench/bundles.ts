// Bench section: every function bundled exactly as the stack bundles it, its size and module init time, against two references.
//
// Init time is what a cold start pays for loading the bundle: a fresh Node process imports it and times the
// import (read, parse, compile, evaluate), median of several processes. The references are built in the
// same run with the same esbuild settings: a naive bundle (DynamoDB client + document client + middy +
// full zod + jose), the same with zod/mini (the fixed packages at their smallest, one tiny schema) and the floor
// (the two DynamoDB packages alone, which every DynamoDB function needs).
// A function that also talks to another AWS service or to the chain is shown against its own floor too: the
// floor plus the clients found in its bundle, so the service's own share of its init is visible.
// Figures only: nothing here asserts a time.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { AUTHORIZER_HANDLER, DELIVERY_WORKER_HANDLER, handlerModules } from '#lib/http/routes.ts';
import { ENV } from '../../infra/api-function.ts';
import { buildBundle, bundleDirName, NODE_OPTIONS, projectRoot, type BuiltBundle } from '../../infra/bundling.ts';
import { functionAccess } from '../../infra/permissions.ts';

const run = promisify(execFile);

/** Build output lives under the git-ignored `.bench/`. */
const BENCH_DIR = path.join(projectRoot, '.bench', 'bundles');

const TARGETS = {
  /** DynamoDB functions may cost at most this much init time above the floor. */
  dynamoOverFloorMs: 10,
  authorizerBytes: 50 * 1024,
  authorizerInitMs: 5,
};

/**
 * A handler on the fixed packages: the DynamoDB clients, middy, one zod schema and jose. `zodImport` binds `z`: the
 * naive one imports zod as its documentation shows (`import { z } from 'zod'`, which keeps all of it).
 */
const naiveSource = (zodImport: string): string => `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
${zodImport}
import * as jose from 'jose';
const input = z.object({ id: z.string() });
export const handler = middy(async (event) => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const { id } = input.parse(event);
  return { item: await db.send(new GetCommand({ TableName: 't', Key: { id } })), verify: jose.jwtVerify };
});
`;

const REFERENCES = {
  naive: { label: 'naive: client-dynamodb + lib-dynamodb + middy + zod + jose', source: naiveSource("import { z } from 'zod';") },
  naiveMini: { label: 'naive with zod/mini (the fixed packages at their smallest)', source: naiveSource("import * as z from 'zod/mini';") },
  empty: {
    label: 'empty: one export (the cost of importing any bundle)',
    source: `export const handler = async () => null;
`,
  },
  floor: {
    label: 'floor: client-dynamodb + lib-dynamodb only',
    source: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
export const handler = async (event) => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  return db.send(new GetCommand({ TableName: 't', Key: { id: event.id } }));
};
`,
  },
} as const;

/** Clients beyond the table, each with a file that shows it is in a bundle and the smallest use that loads it. */
const CLIENTS = {
  ses: {
    label: 'SES',
    marker: 'node_modules/@aws-sdk/client-sesv2/',
    imports: "import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';",
    use: 'new SESv2Client({}).send(new SendEmailCommand({}))',
  },
  s3: {
    label: 'S3',
    marker: 'node_modules/@aws-sdk/client-s3/',
    imports: "import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';",
    use: 'new S3Client({}).send(new PutObjectCommand({ Bucket: "b", Key: "k" }))',
  },
  apiGateway: {
    label: 'API Gateway',
    marker: 'node_modules/@aws-sdk/client-api-gateway/',
    imports: "import { APIGatewayClient, CreateApiKeyCommand } from '@aws-sdk/client-api-gateway';",
    use: 'new APIGatewayClient({}).send(new CreateApiKeyCommand({}))',
  },
  hdWallet: {
    label: 'HD wallet',
    marker: 'node_modules/@scure/bip32/',
    imports:
      "import { mnemonicToSeedSync } from '@scure/bip39'; import { HDKey, privateKeyToAddress } from 'viem/accounts'; import { toHex } from 'viem';",
    use: 'privateKeyToAddress(toHex(HDKey.fromMasterSeed(mnemonicToSeedSync(event.m)).derive(event.path).privateKey))',
  },
  chainReader: {
    label: 'chain reader',
    marker: 'node_modules/viem/_esm/actions/public/simulateContract.js',
    imports: "import { createClient, http } from 'viem'; import { readContract, simulateContract } from 'viem/actions';",
    use: 'simulateContract(createClient({ transport: http() }), event.call).then(() => readContract(createClient({ transport: http() }), event.call))',
  },
  chainSigner: {
    label: 'chain signer',
    marker: 'node_modules/viem/_esm/actions/wallet/sendRawTransaction.js',
    imports:
      "import { createClient, http } from 'viem'; import { estimateContractGas, prepareTransactionRequest, sendRawTransaction, getTransactionCount } from 'viem/actions'; import { privateKeyToAccount } from 'viem/accounts'; import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';",
    use: 'new SecretsManagerClient({}).send(new GetSecretValueCommand({})).then(async (k) => { const c = createClient({ transport: http(), account: privateKeyToAccount(k.SecretString) }); await estimateContractGas(c, event.call); await getTransactionCount(c, event.call); return c.account.signTransaction(await prepareTransactionRequest(c, event.call)).then((raw) => sendRawTransaction(c, { serializedTransaction: raw })); })',
  },
} as const;
type ClientName = keyof typeof CLIENTS;

/** The clients in a bundle (jose, zod, middy and the logger count as the service's own share). */
function clientsIn(bundle: BuiltBundle): ClientName[] {
  const has = (name: ClientName) => bundle.inputs.some((input) => input.startsWith(CLIENTS[name].marker));
  const clients = (Object.keys(CLIENTS) as ClientName[]).filter(has);
  // The signer's reference loads the reader's actions too.
  return clients.includes('chainSigner') ? clients.filter((name) => name !== 'chainReader') : clients;
}

/** The floor plus `clients`: what a function that talks to them cannot load less than. */
function ownFloorSource(clients: ClientName[]): string {
  return [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
    ...clients.map((name) => CLIENTS[name].imports),
    'export const handler = async (event) => {',
    '  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    `  return [db.send(new GetCommand({ TableName: 't', Key: { id: event.id } }))${clients.map((name) => `, ${CLIENTS[name].use}`).join('')}];`,
    '};',
    '',
  ].join('\n');
}

/** The environment every function might read, with stand-ins for values only a deploy knows. */
const benchEnvironment: Record<string, string> = {
  PATH: process.env['PATH'] ?? '',
  AWS_REGION: 'us-east-1',
  [ENV.stage]: 'bench',
  [ENV.logLevel]: 'ERROR',
  [ENV.tableName]: 'PlaqueApi-bench-table',
  [ENV.mediaBaseUrl]: 'https://d111111abcdef8.cloudfront.net',
  [ENV.mediaBucket]: 'plaqueapi-bench-media',
  [ENV.mailFrom]: 'no-reply@example.com',
  [ENV.jwtKeysSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-AbCdEf',
  [ENV.jwtIssuer]: 'https://api.example.com',
  [ENV.jwtAudience]: 'bench',
  [ENV.walletMnemonicSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:mnemonic-AbCdEf',
  [ENV.apiKeyUsagePlanId]: 'abc123',
  [ENV.chainRpcUrl]: 'http://127.0.0.1:8545',
  [ENV.chainId]: '31337',
  [ENV.contractAddress]: '0x0000000000000000000000000000000000000000',
  [ENV.chainSignerSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:signer-AbCdEf',
};

interface Measured {
  name: string;
  bundle: BuiltBundle;
  kind: 'function' | 'reference';
  /** Reads or writes the table (held to the floor target). */
  usesTable: boolean;
  /** For a function: the name of its own floor reference, when it uses clients beyond the table. */
  ownFloor?: string;
  initMs: number[];
  initWithSourceMapsMs: number[];
}

/**
 * Milliseconds one fresh Node process spends importing the bundle. A tiny module is imported first: in
 * Lambda the runtime's own modules have already started the ESM loader when the handler is imported.
 */
async function timeImport(file: string, withSourceMaps: boolean): Promise<number> {
  const script = [
    "await import('data:text/javascript,export default 0');",
    'const t0 = performance.now();',
    'await import(process.env.BUNDLE_URL);',
    'console.log(performance.now() - t0);',
  ].join(' ');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.dirname(file),
    timeout: 30_000,
    env: {
      ...benchEnvironment,
      BUNDLE_URL: pathToFileURL(file).href,
      ...(withSourceMaps && { NODE_OPTIONS }),
    },
  });
  return Number(stdout.trim().split('\n').at(-1));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ms = (value: number): string => value.toFixed(1);

async function buildReference(dirName: string, label: string, source: string): Promise<Measured> {
  const dir = path.join(BENCH_DIR, 'references', dirName);
  await mkdir(dir, { recursive: true });
  const entry = path.join(dir, 'entry.mjs');
  await writeFile(entry, source);
  const bundle = await buildBundle(path.relative(projectRoot, entry), path.join(dir, 'out'));
  return { name: label, bundle, kind: 'reference', usesTable: true, initMs: [], initWithSourceMapsMs: [] };
}

async function buildReferences(functions: Measured[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const [name, reference] of Object.entries(REFERENCES)) measured.push(await buildReference(name, reference.label, reference.source));
  // One own floor per distinct set of clients.
  const sets = new Map<string, ClientName[]>();
  for (const fn of functions) {
    const clients = clientsIn(fn.bundle);
    if (clients.length === 0) continue;
    const label = `floor + ${clients.map((name) => CLIENTS[name].label).join(' + ')}`;
    sets.set(label, clients);
    fn.ownFloor = label;
  }
  for (const [label, clients] of sets) measured.push(await buildReference(`own-${clients.join('-')}`, label, ownFloorSource(clients)));
  return measured;
}

const signed = (value: number): string => `${value >= 0 ? '+' : ''}${ms(value)}`;

function printTable(rows: Measured[], floorMs: number, ownFloorMs: (row: Measured) => number | undefined): void {
  const header = ['bundle', 'KB', 'init ms', 'Δ floor', 'Δ own floor', 'init ms (source maps)'];
  const lines = rows.map((row) => {
    const init = median(row.initMs);
    const own = ownFloorMs(row);
    return [
      row.name,
      kb(row.bundle.bytes),
      ms(init),
      signed(init - floorMs),
      own === undefined ? '' : signed(init - own),
      ms(median(row.initWithSourceMapsMs)),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

export interface BundleBenchOptions {
  /** Fresh processes per bundle and mode; the median is reported (at least 7, 15 by default: a 1 ms difference needs them). */
  runs?: number;
}

export async function runBundleBench(options: BundleBenchOptions = {}): Promise<void> {
  const runs = Math.max(7, options.runs ?? 15);
  console.log('\n## Bundles: size and module init time (as the stack builds them)');
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; median of ${runs} fresh processes each`);

  await rm(BENCH_DIR, { recursive: true, force: true });
  const modules = [...handlerModules(), AUTHORIZER_HANDLER, DELIVERY_WORKER_HANDLER];
  const started = performance.now();
  const functions: Measured[] = await Promise.all(
    modules.map(async (module) => ({
      name: module,
      bundle: await buildBundle(module, path.join(BENCH_DIR, 'functions', bundleDirName(module))),
      kind: 'function' as const,
      usesTable: functionAccess[module]?.table !== undefined,
      initMs: [],
      initWithSourceMapsMs: [],
    })),
  );
  const references = await buildReferences(functions);
  console.log(`built ${functions.length} functions and ${references.length} references in ${ms(performance.now() - started)} ms`);

  // Round-robin over bundles, so machine noise spreads evenly instead of hitting one bundle's runs.
  const all = [...functions, ...references];
  for (let i = 0; i < runs; i++) {
    for (const row of all) {
      row.initMs.push(await timeImport(row.bundle.file, false));
      row.initWithSourceMapsMs.push(await timeImport(row.bundle.file, true));
    }
  }

  const floor = references.find((r) => r.name === REFERENCES.floor.label)!;
  const floorMs = median(floor.initMs);
  const emptyMs = median(references.find((r) => r.name === REFERENCES.empty.label)!.initMs);
  console.log('');
  const initOf = new Map(references.map((r) => [r.name, median(r.initMs)]));
  printTable([...functions.sort((a, b) => a.name.localeCompare(b.name)), ...references], floorMs, (row) =>
    row.kind === 'function' ? (row.ownFloor ? initOf.get(row.ownFloor) : floorMs) : undefined,
  );
  console.log('Δ own floor: against the floor plus the AWS and chain clients the function talks to (see the references above).');
  const quartile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
  console.log(
    `Noise: the floor's runs spread ${ms(quartile(floor.initMs, 0.25))}–${ms(quartile(floor.initMs, 0.75))} ms (p25–p75); ` +
      'compare differences of about that size with care, or rerun with more runs.',
  );

  console.log('\nTargets (init without source maps; the source-map column is what Lambda pays with NODE_OPTIONS=--enable-source-maps):');
  for (const row of functions.filter((f) => f.usesTable)) {
    const over = median(row.initMs) - floorMs;
    const ok = over <= TARGETS.dynamoOverFloorMs;
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${row.name}: ${ms(over)} ms over the floor (target ≤ ${TARGETS.dynamoOverFloorMs} ms)`);
  }
  const authorizer = functions.find((f) => f.name === AUTHORIZER_HANDLER)!;
  const authorizerInit = median(authorizer.initMs);
  // The absolute target is held against the bundle's own cost: what it takes beyond importing an empty bundle.
  const authorizerOwn = authorizerInit - emptyMs;
  const sizeOk = authorizer.bundle.bytes <= TARGETS.authorizerBytes;
  const initOk = authorizerOwn <= TARGETS.authorizerInitMs;
  console.log(
    `  ${sizeOk ? 'ok  ' : 'MISS'} ${AUTHORIZER_HANDLER}: ${kb(authorizer.bundle.bytes)} KB (target ≤ ${kb(TARGETS.authorizerBytes)} KB)`,
  );
  console.log(
    `  ${initOk ? 'ok  ' : 'MISS'} ${AUTHORIZER_HANDLER}: ${ms(authorizerOwn)} ms init beyond an empty bundle's ${ms(emptyMs)} ms (target ≤ ${TARGETS.authorizerInitMs} ms)`,
  );
}
