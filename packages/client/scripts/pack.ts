// `npm run client:pack`: the client package's tarball, as a partner's project installs it. The workspace serves its
// TypeScript sources to this repository (the dashboard, the smoke test, the tests); the tarball carries JavaScript and
// declarations built by tsc, with a package.json whose exports name them. Prints the tarball's path.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(packageDir, '..', '..');

/** Builds the package into `.build/client/package` and packs it into `.build/client`; resolves to the tarball's path. */
export async function packClient(out = path.join(root, '.build', 'client')): Promise<string> {
  const stage = path.join(out, 'package');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  await run(tsc, ['-p', path.join(packageDir, 'tsconfig.json'), '--outDir', path.join(stage, 'dist')], { cwd: packageDir }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the client package does not build:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    },
  );
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  manifest['exports'] = { '.': { types: './dist/index.d.ts', default: './dist/index.js' } };
  manifest['types'] = './dist/index.d.ts';
  manifest['files'] = ['dist', 'README.md'];
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(path.join(packageDir, 'README.md'), path.join(stage, 'README.md'));
  // npm's own variables (set when this runs under `npm run` or `npm test`) would point the command at the workspace.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: stage, env });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error('npm pack wrote no tarball');
  return path.join(out, packed.filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await packClient());
}
