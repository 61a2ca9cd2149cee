// `node lib/local/run-bundled.mjs <entry.ts> [arguments…]`: runs a TypeScript entry of the project (the ops command
// line: `npm run ops`) from an esbuild bundle of it and every package it imports, kept under .build/run/ and built
// again when any file it was made from has changed. Node then loads a few files of plain JavaScript instead of
// resolving and compiling hundreds of modules through tsx's loader: `ops help import` takes 0.3 s of CPU rather
// than 1.3 s, a command of the chain's area 0.3 s rather than 2 s (docs/test-suite-time.md).
//
// Plain JavaScript, as Node 20 runs it without a loader. The entry sees the arguments after its own path, as it
// would under tsx, and `import.meta.url` in the project's modules is the URL of their source file, so the paths they
// derive from it (the project root, the contract's sources, DynamoDB Local's launcher) are the same as under tsx.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILD_ROOT = join(PROJECT_ROOT, '.build', 'run');
/** The record of an entry's current bundle, in its folder: which build folder holds it and what it was made from. */
const CURRENT = 'current.json';
/** Build folders no longer current are removed once this old: a command still running from one keeps its files. */
const OLD_BUILD_MS = 60 * 60 * 1000;

/**
 * ESM bundles have no `require`; CommonJS code inside packages calls it (`require('node:fs')`), which esbuild turns
 * into a shim that throws unless one is in scope. A bundled module's own `require` is renamed by esbuild.
 */
const REQUIRE_BANNER = "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/** The folder of an entry's bundles: `lib/ops/cli.ts` → .build/run/lib-ops-cli. */
function entryFolder(entry) {
  return join(BUILD_ROOT, entry.replace(/\.[cm]?ts$/, '').replace(/[^A-Za-z0-9]+/g, '-'));
}

/** Each input's size and modification time, as `[path, size, mtimeMs]`; a missing file has size -1. */
function stamps(paths) {
  return paths.map((path) => {
    const stat = statSync(join(PROJECT_ROOT, path), { throwIfNoEntry: false });
    return [path, stat ? stat.size : -1, stat ? stat.mtimeMs : -1];
  });
}

/** The current bundle's entry file when every file it was made from is as it was then; otherwise undefined. */
function currentBundle(folder) {
  let record;
  try {
    record = JSON.parse(readFileSync(join(folder, CURRENT), 'utf8'));
  } catch {
    return undefined;
  }
  const file = join(folder, record.build, record.entry);
  if (!existsSync(file)) return undefined;
  const now = stamps(record.inputs.map(([path]) => path));
  const same = now.every(([, size, mtime], i) => size === record.inputs[i][1] && mtime === record.inputs[i][2]);
  return same ? file : undefined;
}

/**
 * esbuild plugin: `import.meta.url` in the project's own TypeScript modules becomes their source file's URL
 * (packages are left as they are: those that read it resolve files of their own, which `require` finds from the
 * bundle too).
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      if (!args.path.startsWith(`${PROJECT_ROOT}/`) || args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Builds the entry into a new folder and makes it current; returns its entry file. */
async function buildBundle(entry, folder) {
  const { build } = await import('esbuild');
  const name = `b-${Date.now().toString(36)}-${process.pid}`;
  const outdir = join(folder, name);
  const started = Date.now();
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [join(PROJECT_ROOT, entry)],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The packages' ESM builds, as the functions' bundles take them (infra/bundling.ts).
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_BANNER },
    // Stack traces name the TypeScript sources (Node is told to read the maps before the entry loads).
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  // A file written while esbuild read it is recorded as unknown, so the next start builds again.
  const finished = Date.now();
  const inputs = stamps([...Object.keys(result.metafile.inputs), relative(PROJECT_ROOT, fileURLToPath(import.meta.url))]).map(
    ([path, size, mtime]) => [path, size, mtime >= started && mtime <= finished ? -1 : mtime],
  );
  const record = { build: name, entry: `${basename(entry).replace(/\.[cm]?ts$/, '')}.js`, inputs };
  const temporary = join(folder, `${CURRENT}.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, join(folder, CURRENT));
  removeOldBuilds(folder, name);
  return join(outdir, record.entry);
}

/** Removes the build folders other than `keep` that are over an hour old. */
function removeOldBuilds(folder, keep) {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith('b-') || name === keep) continue;
    const path = join(folder, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > OLD_BUILD_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** The entry's bundle, built first when it is missing or out of date. */
async function bundledEntry(entry) {
  const folder = entryFolder(entry);
  const current = currentBundle(folder);
  if (current) return current;
  mkdirSync(folder, { recursive: true });
  return buildBundle(entry, folder);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--build <entry.ts>` only brings the bundle up to date (the test run does it once before its files start).
  const buildOnly = process.argv[2] === '--build';
  if (buildOnly) process.argv.splice(2, 1);
  const entry = process.argv[2];
  if (!entry || !existsSync(join(PROJECT_ROOT, entry))) {
    console.error(`usage: node lib/local/run-bundled.mjs [--build] <entry.ts relative to the project root> [arguments…]`);
    process.exit(2);
  }
  let file;
  try {
    file = await bundledEntry(entry);
  } catch (error) {
    // esbuild has printed what it could not build; the command cannot run.
    if (!error?.errors) console.error(error);
    process.exit(1);
  }
  if (buildOnly) process.exit(0);
  process.setSourceMapsEnabled(true);
  // The entry reads its arguments after its own path, as under `tsx <entry>`.
  process.argv.splice(1, 2, join(PROJECT_ROOT, entry));
  await import(pathToFileURL(file).href);
}
