// Real bundles: every function built as the stack builds it loads in a fresh Node process and exports `handler`.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { DELIVERY_RECONCILER_HANDLER, functionManifest } from '#lib/http/routes.ts';
import { ApiFunction } from '../../infra/api-function.ts';
import { BUNDLE_FILE, buildBundle, bundleDirName, ESM_REQUIRE_BANNER, projectRoot, type BuiltBundle } from '../../infra/bundling.ts';
import { stages } from '../../infra/stages.ts';
import { clientsIn, declaredClients } from '../bench/clients.ts';
import { createApp, functionsByModule, stageTemplate } from './synth.ts';

const run = promisify(execFile);
/** Every function of the manifest: the route handlers and the background functions. */
const modules = functionManifest().map((fn) => fn.handler);
/** Each function's access as the manifest declares it. */
const accessOf = new Map(functionManifest().map((fn) => [fn.handler, fn.access]));
const outRoot = path.join(projectRoot, '.build', 'test-bundles');

/** Plausible stand-ins for the values CloudFormation fills in at deploy time, by variable name. */
function placeholder(name: string): string {
  if (name.endsWith('_SECRET_ARN')) return `arn:aws:secretsmanager:us-east-1:000000000000:secret:${name.toLowerCase()}-AbCdEf`;
  const known: Record<string, string> = {
    TABLE_NAME: 'PlaqueApi-test-table',
    MEDIA_BUCKET: 'plaqueapi-test-media',
    CATALOG_SNAPSHOT_BUCKET: 'plaqueapi-test-catalog',
    MEDIA_BASE_URL: 'https://d111111abcdef8.cloudfront.net',
    API_KEY_USAGE_PLAN_ID: 'abc123',
    WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/plaqueapi-test-webhook-wakeups',
    DELIVERY_DLQ_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/plaqueapi-test-delivery-dlq',
    MINT_FOLLOW_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/plaqueapi-test-mint-follow',
    WEBHOOK_KEY_ARN: 'arn:aws:kms:us-east-1:000000000000:key/00000000-0000-0000-0000-000000000000',
    CORS_ALLOW_ORIGINS: 'https://d222222abcdef8.cloudfront.net',
    // A stage without a custom domain issues tokens as its stage URL.
    JWT_ISSUER: 'https://abc123.execute-api.us-east-1.amazonaws.com/v1',
    // The same address: the contract names token metadata under it.
    PUBLIC_BASE_URL: 'https://abc123.execute-api.us-east-1.amazonaws.com/v1',
  };
  const value = known[name];
  if (!value) throw new Error(`no placeholder for ${name}: add one`);
  return value;
}

/** The environment a function gets in the staging template, deploy-time references replaced by placeholders. */
function lambdaEnvironment(template: Template, module: string): Record<string, string> {
  const fn = functionsByModule(template).get(module)!;
  const variables = fn.properties['Environment'].Variables as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name, typeof value === 'string' ? value : placeholder(name)]),
  );
}

/** Imports a bundle in a new Node process (no credentials, the Lambda environment) and reports what it exports. */
async function importInFreshProcess(file: string, env: Record<string, string>): Promise<{ handler: string }> {
  const script = `const m = await import(process.env.BUNDLE_URL); console.log(JSON.stringify({ handler: typeof m.handler }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.dirname(file),
    timeout: 20_000,
    env: {
      PATH: process.env['PATH'] ?? '',
      AWS_REGION: 'us-east-1',
      AWS_LAMBDA_FUNCTION_NAME: 'bundle-load-test',
      ...env,
      LOG_LEVEL: 'SILENT',
      BUNDLE_URL: pathToFileURL(file).href,
    },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/** Each code file of a built bundle and its size in bytes. */
function filesOnDisk(bundle: BuiltBundle): Map<string, number> {
  const dir = path.dirname(bundle.file);
  return new Map(bundle.files.filter((file) => file.endsWith('.mjs')).map((file) => [file, statSync(path.join(dir, file)).size]));
}

/** The code files importing the entry loads, found by reading each file's static imports (`from"./x.mjs"`, `import"./x.mjs"`). */
function staticallyLoaded(bundle: BuiltBundle): Set<string> {
  const dir = path.dirname(bundle.file);
  const loaded = new Set<string>();
  const pending = [BUNDLE_FILE];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w-]+\.mjs)"/g)) pending.push(match[1]!);
  }
  return loaded;
}

describe('function bundles', () => {
  const built = new Map<string, BuiltBundle>();
  const environments = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    rmSync(outRoot, { recursive: true, force: true });
    for (const bundle of await Promise.all(modules.map((m) => buildBundle(m, path.join(outRoot, bundleDirName(m)))))) {
      built.set(bundle.handlerModule, bundle);
    }
    // Staging alone, without cdk-nag: only the functions' environment is read from it.
    const template = stageTemplate(createApp({ stage: 'staging' }).stacks[0]!);
    for (const module of modules) environments.set(module, lambdaEnvironment(template, module));
  }, 180_000);

  it('builds every handler module, the authorizer, the delivery worker and the webhook functions, each file source-mapped', () => {
    expect([...built.keys()].sort()).toEqual([...modules].sort());
    for (const bundle of built.values()) {
      expect(existsSync(bundle.file)).toBe(true);
      const code = bundle.files.filter((file) => file.endsWith('.mjs'));
      expect(bundle.files, bundle.handlerModule).toEqual([...code, ...code.map((file) => `${file}.map`)].sort());
      for (const file of code) {
        // Linked maps without the sources: stack traces map to files and lines, the asset stays small.
        const map = JSON.parse(readFileSync(path.join(path.dirname(bundle.file), `${file}.map`), 'utf8'));
        expect(map.sourcesContent, file).toBeUndefined();
      }
    }
  });

  it('starts every file of each bundle with the createRequire banner, so bundled CommonJS can require node built-ins', () => {
    for (const bundle of built.values()) {
      for (const file of bundle.files.filter((name) => name.endsWith('.mjs'))) {
        const text = readFileSync(path.join(path.dirname(bundle.file), file), 'utf8');
        expect(text.startsWith(ESM_REQUIRE_BANNER), `${bundle.handlerModule}: ${file}`).toBe(true);
      }
    }
  });

  it('loads what a function imports on first use only then, with only the commands it sends', () => {
    // The listing names media URLs and reads the catalogue snapshot: S3 loads on the snapshot's first read.
    const listing = built.get('functions/plaques/list-featured.ts')!;
    expect(listing.inputs).toContain('node_modules/@aws-sdk/client-s3/dist-es/commands/GetObjectCommand.js');
    expect(listing.loadedInputs.filter((input) => input.includes('/client-s3/'))).toEqual([]);
    // The reconciler reads the table's stream only for a dead letter: the DynamoDB Streams client loads then.
    const reconciler = built.get(DELIVERY_RECONCILER_HANDLER)!;
    expect(reconciler.inputs.some((input) => input.includes('/client-dynamodb-streams/'))).toBe(true);
    expect(reconciler.loadedInputs.filter((input) => input.includes('/client-dynamodb-streams/'))).toEqual([]);
    // The sizes the bench prints, recounted from the files: a static import is followed, an import() is not.
    for (const bundle of built.values()) {
      const sizes = filesOnDisk(bundle);
      expect(bundle.assetBytes, bundle.handlerModule).toBe([...sizes.values()].reduce((sum, size) => sum + size, 0));
      const loaded = staticallyLoaded(bundle);
      expect(bundle.bytes, bundle.handlerModule).toBe([...loaded].reduce((sum, file) => sum + sizes.get(file)!, 0));
    }
    expect(staticallyLoaded(listing).size).toBeLessThan(filesOnDisk(listing).size);
    for (const bundle of built.values()) {
      const commandsByClient = new Map<string, number>();
      for (const input of bundle.inputs) {
        const client = /\/(client-[a-z0-9-]+)\/dist-es\/commands\/\w+Command\.js$/.exec(input)?.[1];
        if (client) commandsByClient.set(client, (commandsByClient.get(client) ?? 0) + 1);
      }
      // A client's whole command set (S3 has 113, DynamoDB 57) would be a lazily loaded module that lost its tree-shaking.
      for (const [client, count] of commandsByClient) expect(count, `${bundle.handlerModule}: ${client}`).toBeLessThanOrEqual(10);
    }
  });

  it('gives web streams a stand-in only where middy imports them, and nothing else imports them', () => {
    for (const bundle of built.values()) {
      const middy = bundle.inputs.includes('node_modules/@middy/core/index.js');
      expect(bundle.aliasImporters['node:stream/web'], bundle.handlerModule).toEqual(middy ? ['node_modules/@middy/core/index.js'] : []);
      expect(readFileSync(bundle.file, 'utf8'), bundle.handlerModule).not.toMatch(/["']node:stream\/web["']/);
    }
  });

  it('gives side channels a stand-in only where qs imports them, and nothing else imports them', () => {
    const importers = ['node_modules/qs/lib/parse.js', 'node_modules/qs/lib/stringify.js', 'node_modules/qs/lib/utils.js'];
    for (const bundle of built.values()) {
      const qs = bundle.inputs.some((input) => input.startsWith('node_modules/qs/'));
      expect(bundle.aliasImporters['side-channel']?.sort(), bundle.handlerModule).toEqual(qs ? importers : []);
      expect(
        bundle.inputs.filter((input) => input.startsWith('node_modules/side-channel')),
        bundle.handlerModule,
      ).toEqual([]);
    }
    expect([...built.values()].some((bundle) => bundle.aliasImporters['side-channel']!.length > 0)).toBe(true);
  });

  it('bundles no AWS or chain client, not even as a chunk loaded on first use, that its access does not declare', () => {
    // Importing a module that holds an adapter's import() bundles the adapter, and the chunks it shares load at every
    // cold start: a function imports only the ports it calls (lib/webhooks/ports.ts, lib/media/media-url.ts).
    for (const bundle of built.values()) {
      const declared = declaredClients(accessOf.get(bundle.handlerModule)!);
      expect(
        clientsIn(bundle).filter((client) => !declared.includes(client)),
        bundle.handlerModule,
      ).toEqual([]);
    }
  });

  it('bundles viem only into functions whose access declares the chain or the HD wallet', () => {
    // Naming an address (a plaque's contract, a buyer's wallet) checksums it with lib/chain/address.ts: viem's index
    // would bring its WebSocket transport and about 4 ms of cold start to functions that never call the chain.
    for (const bundle of built.values()) {
      const access = accessOf.get(bundle.handlerModule)!;
      const hasViem = bundle.inputs.some((input) => input.startsWith('node_modules/viem/'));
      if (hasViem) expect(access.chain || access.chainSigner || access.walletMnemonic, bundle.handlerModule).toBe(true);
    }
    // The listing and the owner lookup name addresses (the contract, the service's wallet) and carry none of viem.
    for (const module of ['functions/plaques/list-featured.ts', 'functions/partner/get-owner.ts']) {
      expect(
        built.get(module)!.inputs.filter((input) => input.startsWith('node_modules/viem/')),
        module,
      ).toEqual([]);
    }
  });

  it('builds the delivery reconciler with the chain reader but no signer: it checks and settles mints, never sends one', () => {
    const bundle = built.get(DELIVERY_RECONCILER_HANDLER)!;
    expect(bundle.inputs).toContain('node_modules/viem/_esm/actions/public/getTransactionReceipt.js');
    expect(bundle.inputs.filter((input) => /actions\/wallet\/|client-secrets-manager|lib\/chain\/signer-key/.test(input))).toEqual([]);
  });

  it('bundles the DynamoDB client only into the functions whose access declares the table', () => {
    for (const bundle of built.values()) {
      const hasClient = bundle.inputs.some((input) => input.startsWith('node_modules/@aws-sdk/client-dynamodb/'));
      expect(hasClient, bundle.handlerModule).toBe(accessOf.get(bundle.handlerModule)!.table !== undefined);
    }
  });

  it.each(modules)(
    'loads %s in a fresh Node process, without AWS credentials, and finds its handler',
    async (module) => {
      const exported = await importInFreshProcess(built.get(module)!.file, environments.get(module)!);
      expect(exported).toEqual({ handler: 'function' });
    },
    60_000,
  );
});

describe('the stack and the bundle build', () => {
  let outdir: string;
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('produce the same bundle: the stack asset and the direct esbuild call share one set of settings', async () => {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'plaque-bundle-'));
    // An SDK-heavy function with chunks and a one-file one: the settings are compared, and each function gets its own
    // bundle (CDK caches bundling by its options: a handler missing from them would give both the first one's).
    const compared = ['functions/plaques/list-featured.ts', 'functions/auth/jwks.ts'];
    // A bare stack with real bundling (the CLI's default), holding only the functions compared.
    const app = new App({ outdir });
    const stack = new Stack(app, 'BundleCheck');
    for (const module of compared) new ApiFunction(stack, bundleDirName(module), { handlerModule: module, stage: stages.staging });
    const template = Template.fromStack(stack);
    for (const module of compared) {
      const code = functionsByModule(template).get(module)!.properties['Code'];
      const assetHash = (code.S3Key as string).replace(/\.zip$/, '');
      const assetDir = path.join(outdir, `asset.${assetHash}`);
      const direct = await buildBundle(module, path.join(outdir, 'direct', bundleDirName(module)));
      expect(readdirSync(assetDir).sort(), module).toEqual(direct.files);
      expect(direct.files).toContain(BUNDLE_FILE);
      for (const file of direct.files) {
        const same = readFileSync(path.join(assetDir, file)).equals(readFileSync(path.join(path.dirname(direct.file), file)));
        expect(same, `${module}: ${file}`).toBe(true);
      }
    }
  }, 120_000);
});
