// How every function is bundled: one set of esbuild settings read by the stack, the bundle test and the bench.
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { LogLevel, OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

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

/** Name of the bundle inside each function's asset (what NodejsFunction writes for ESM). */
export const BUNDLE_FILE = 'index.mjs';

/**
 * The esbuild settings, spelled once. NodejsFunction passes them as CLI flags, `buildBundle` as API options;
 * the two spellings below must stay in step (a test compares their output byte for byte).
 */
const esbuildSettings = {
  target: NODE_TARGET,
  platform: 'node',
  format: 'esm',
  minify: true,
  // Linked source map without the sources: stack traces map to files and lines, the asset stays small.
  sourcemap: true,
  sourcesContent: false,
  // Prefer packages' ESM entry points: the AWS SDK v3 and smithy tree-shake far better from ESM.
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // Nothing external: the SDK is bundled (tree-shaken, and pinned to our lockfile, not the runtime's copy).
  external: [] as string[],
  alias: ALIASES,
} as const;

/** The NodejsFunction `bundling` property equivalent to `esbuildSettings`. */
export const nodejsBundlingOptions: BundlingOptions = {
  target: esbuildSettings.target,
  format: OutputFormat.ESM,
  minify: esbuildSettings.minify,
  sourceMap: esbuildSettings.sourcemap,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: esbuildSettings.sourcesContent,
  mainFields: [...esbuildSettings.mainFields],
  banner: esbuildSettings.banner,
  externalModules: [...esbuildSettings.external],
  // Output is unaffected; only the per-asset size listing on every synth is silenced.
  logLevel: LogLevel.WARNING,
  esbuildArgs: { '--alias': Object.entries(esbuildSettings.alias).map(([from, to]) => `${from}=${to}`) },
};

/** Environment every function gets: Node maps stack traces through the bundle's source map. */
export const NODE_OPTIONS = '--enable-source-maps';

/** esbuild API options that produce the same bundle NodejsFunction produces for `handlerModule`. */
function esbuildOptionsFor(handlerModule: string, outdir: string): BuildOptions {
  return {
    absWorkingDir: projectRoot,
    entryPoints: [handlerModule],
    outfile: path.join(outdir, BUNDLE_FILE),
    bundle: true,
    target: esbuildSettings.target,
    platform: esbuildSettings.platform,
    format: esbuildSettings.format,
    minify: esbuildSettings.minify,
    sourcemap: esbuildSettings.sourcemap,
    sourcesContent: esbuildSettings.sourcesContent,
    mainFields: [...esbuildSettings.mainFields],
    banner: { js: esbuildSettings.banner },
    external: [...esbuildSettings.external],
    alias: { ...esbuildSettings.alias },
    logLevel: 'warning',
  };
}

export interface BuiltBundle {
  handlerModule: string;
  /** Absolute path of the bundle (`<outdir>/index.mjs`). */
  file: string;
  bytes: number;
  /** The source files with code in it, relative to the project root (`node_modules/...` for packages). */
  inputs: string[];
  /** For each aliased import (`ALIASES`), the inputs that import it. */
  aliasImporters: Record<string, string[]>;
}

/** Bundles one handler module into `outdir` exactly as the stack does. */
export async function buildBundle(handlerModule: string, outdir: string): Promise<BuiltBundle> {
  if (!existsSync(path.join(projectRoot, handlerModule))) {
    throw new Error(`handler module ${handlerModule} does not exist`);
  }
  const { build } = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const options = esbuildOptionsFor(handlerModule, outdir);
  // The metafile only reports what went in; the bundle is the same with or without it.
  const { metafile } = await build({ ...options, metafile: true });
  const file = options.outfile!;
  const output = Object.values(metafile.outputs).find((out) => out.entryPoint !== undefined);
  // Files esbuild read but tree-shook away entirely have no bytes in the output.
  const inputs = Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([name]) => name);
  const aliasImporters = Object.fromEntries(
    Object.keys(ALIASES).map((specifier) => [
      specifier,
      Object.entries(metafile.inputs)
        .filter(([, input]) => input.imports.some((imported) => imported.original === specifier))
        .map(([name]) => name),
    ]),
  );
  return { handlerModule, file, bytes: (await stat(file)).size, inputs, aliasImporters };
}

/** A directory name for a handler module's build output: `functions/auth/login.ts` → `auth-login`. */
export const bundleDirName = (handlerModule: string): string =>
  handlerModule
    .replace(/^functions\//, '')
    .replace(/\.ts$/, '')
    .replace(/[/\\]/g, '-');
