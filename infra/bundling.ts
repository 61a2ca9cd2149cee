// How every function is bundled: one set of esbuild settings read by the stack, the bundle test and the bench.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync, type BuildOptions, type OutputFile } from 'esbuild';
import { AssetHashType, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';

/** The repository root: handler module paths in the route table are relative to it. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * ESM bundles have no `require`, but CommonJS code inside the AWS SDK calls `require('node:https')` and
 * friends; esbuild turns those into a shim that throws "Dynamic require of ... is not supported".
 * Giving the module a real `require` makes them work.
 */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** Node.js major version of the Lambda runtime; the esbuild target follows it. */
const NODE_TARGET = 'node22';

/**
 * Imports replaced in every bundle, each by a module of lib/runtime/ that says why (test/infra/bundles.test.ts holds
 * who imports them): middy 6's core loads web streams for streamed responses, which the service never sends; `qs`
 * builds its side channels from polyfills for engines without WeakMap.
 */
const ALIASES = {
  'node:stream/web': path.join(projectRoot, 'lib', 'runtime', 'web-streams-stand-in.ts'),
  'side-channel': path.join(projectRoot, 'lib', 'runtime', 'side-channel-stand-in.cts'),
};

/** The entry file inside each function's asset (the Lambda handler is `index.handler`). */
export const BUNDLE_FILE = 'index.mjs';

/** Environment every function gets: Node maps stack traces through the bundle's source maps. */
export const NODE_OPTIONS = '--enable-source-maps';

/** Where esbuild is told it writes (it never does: see `esbuildOptionsFor`). */
const CANONICAL_OUTDIR = path.join(projectRoot, '.build', 'function');

/** Writes a build's files into `outdir`, which is made or emptied first. */
function writeOutput(files: OutputFile[], outdir: string): void {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  for (const file of files) writeFileSync(path.join(outdir, path.basename(file.path)), file.contents);
}

/**
 * The esbuild settings, spelled once: the stack's asset build (`FunctionBundling`) and the bench's and tests' (`buildBundle`)
 * pass the same options. Code splitting puts what a function imports on first use (`import()`: the S3, SES, SQS and
 * KMS adapters, the SDK's credential providers) in chunk files that load when first called. In a single file that code
 * is parsed at every cold start, and esbuild keeps the whole client package of a lazily loaded module (all 113 S3
 * commands for one GetObject); split, each chunk keeps only what is used.
 */
function esbuildOptionsFor(handlerModule: string): BuildOptions & { write: false } {
  return {
    absWorkingDir: projectRoot,
    entryPoints: { index: handlerModule },
    // Kept in memory and written by `writeOutput`: the source maps name sources relative to this fixed place, so a bundle
    // is the same bytes (and its chunks the same hashed names) wherever it is written.
    outdir: CANONICAL_OUTDIR,
    write: false,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    target: NODE_TARGET,
    platform: 'node',
    format: 'esm',
    minify: true,
    // Linked source maps without the sources: stack traces map to files and lines, the asset stays small.
    sourcemap: true,
    sourcesContent: false,
    // Prefer packages' ESM entry points: the AWS SDK v3 and smithy tree-shake far better from ESM.
    mainFields: ['module', 'main'],
    // On every output file: a chunk may hold the SDK's `require` calls.
    banner: { js: ESM_REQUIRE_BANNER },
    // Nothing external: the SDK is bundled (tree-shaken, and pinned to our lockfile, not the runtime's copy).
    external: [],
    alias: { ...ALIASES },
    logLevel: 'warning',
  };
}

export interface BuiltBundle {
  handlerModule: string;
  /** Absolute path of the entry file (`<outdir>/index.mjs`). */
  file: string;
  /** What importing the entry loads: the entry and the chunks it imports statically, in bytes. */
  bytes: number;
  /** Every code file of the asset, the chunks loaded on first use included, in bytes. */
  assetBytes: number;
  /** The asset's files (code and source maps), relative to its directory, sorted. */
  files: string[];
  /** The source files with code in any file of the asset, relative to the project root (`node_modules/...` for packages). */
  inputs: string[];
  /** Those of `inputs` with code in the files importing the entry loads (the rest load on first use). */
  loadedInputs: string[];
  /** For each aliased import (`ALIASES`), the inputs that import it. */
  aliasImporters: Record<string, string[]>;
}

/** Bundles one handler module into `outdir` exactly as the stack does. */
export async function buildBundle(handlerModule: string, outdir: string): Promise<BuiltBundle> {
  if (!existsSync(path.join(projectRoot, handlerModule))) {
    throw new Error(`handler module ${handlerModule} does not exist`);
  }
  // The metafile only reports what went in; the bundle is the same with or without it.
  const { metafile, outputFiles } = await build({ ...esbuildOptionsFor(handlerModule), metafile: true });
  writeOutput(outputFiles, outdir);
  const code = new Map(Object.entries(metafile.outputs).filter(([name]) => name.endsWith('.mjs')));
  // Modules imported with `import()` are entry points of their own chunks too: the function's entry is the one named so.
  const entry = [...code.keys()].find((name) => path.basename(name) === BUNDLE_FILE)!;
  // The files an import of the entry loads before the handler runs: its static imports, followed through the chunks.
  const loaded = new Set<string>();
  const pending = [entry];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (loaded.has(name) || !code.has(name)) continue;
    loaded.add(name);
    for (const imported of code.get(name)!.imports) if (imported.kind === 'import-statement') pending.push(imported.path);
  }
  const bytesOf = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + code.get(name)!.bytes, 0);
  // Files esbuild read but tree-shook away entirely have no bytes in the output.
  const inputsOf = (names: Iterable<string>) =>
    new Set(
      [...names].flatMap((name) =>
        Object.entries(code.get(name)!.inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([input]) => input),
      ),
    );
  const aliasImporters = Object.fromEntries(
    Object.keys(ALIASES).map((specifier) => [
      specifier,
      Object.entries(metafile.inputs)
        .filter(([, input]) => input.imports.some((imported) => imported.original === specifier))
        .map(([name]) => name),
    ]),
  );
  return {
    handlerModule,
    file: path.join(outdir, BUNDLE_FILE),
    bytes: bytesOf(loaded),
    assetBytes: bytesOf(code.keys()),
    files: outputFiles.map((file) => path.basename(file.path)).sort(),
    inputs: [...inputsOf(code.keys())],
    loadedInputs: [...inputsOf(loaded)],
    aliasImporters,
  };
}

/**
 * Builds one function's asset on the synthesizing machine. Its one data field matters: CDK caches bundling by the JSON
 * of the bundling options, so the handler module must show in it or every function would get the first one's bundle.
 */
class FunctionBundling implements ILocalBundling {
  constructor(readonly handlerModule: string) {}

  tryBundle(outputDir: string): boolean {
    writeOutput(buildSync(esbuildOptionsFor(this.handlerModule)).outputFiles, outputDir);
    return true;
  }
}

/**
 * A function's code asset: `handlerModule` bundled on the synthesizing machine, hashed by its output, so a change that
 * reaches the bundle deploys a new version and any other change deploys nothing. The build is plain JavaScript, the
 * same on every machine: no container is involved.
 */
export function functionCode(handlerModule: string): lambda.Code {
  return lambda.Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type; never pulled, as the local build bundles or throws.
      image: lambda.Runtime.NODEJS_22_X.bundlingImage,
      local: new FunctionBundling(handlerModule),
    },
  });
}

/** A directory name for a handler module's build output: `functions/auth/login.ts` → `auth-login`. */
export const bundleDirName = (handlerModule: string): string =>
  handlerModule
    .replace(/^functions\//, '')
    .replace(/\.ts$/, '')
    .replace(/[/\\]/g, '-');
