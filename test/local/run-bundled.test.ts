// lib/local/run-bundled.mjs, which `npm run ops` runs: a TypeScript entry of the project run from its bundle, with its
// arguments and its modules' own `import.meta.url`, built again when one of its files changed and only then, and a
// clear failure for an entry that does not build or does not exist.
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCHER = 'lib/local/run-bundled.mjs';

// A scratch entry inside the project (entries are named relative to its root), in the git-ignored .build folder.
const folder = `.build/run-bundled-test-${process.pid}`;
const entry = `${folder}/entry.ts`;
const bundles = join(projectRoot, '.build', 'run', `-build-run-bundled-test-${process.pid}-entry`);
afterAll(() => {
  rmSync(join(projectRoot, folder), { recursive: true, force: true });
  rmSync(bundles, { recursive: true, force: true });
});

/**
 * Writes a scratch file with a modification time a second later than the last, all in the past: a change is seen
 * whatever the file system's time resolution, and none looks written while a build ran.
 */
let clock = Date.now() / 1000 - 3600;
function write(name: string, text: string): void {
  const path = join(projectRoot, folder, name);
  writeFileSync(path, text);
  clock += 1;
  utimesSync(path, clock, clock);
}

const launch = (...args: string[]) => run(process.execPath, [LAUNCHER, ...args], { cwd: projectRoot });
const currentBuild = () => (JSON.parse(readFileSync(join(bundles, 'current.json'), 'utf8')) as { build: string }).build;

describe('node lib/local/run-bundled.mjs <entry.ts>', () => {
  it('runs the entry with its arguments and its own import.meta.url, rebuilding when a file it imports changes', async () => {
    mkdirSync(join(projectRoot, folder), { recursive: true });
    write('word.ts', "export const word: string = 'one';\n");
    write(
      'entry.ts',
      "import { word } from './word.ts';\n" +
        'console.log(JSON.stringify({ word, url: import.meta.url, entry: process.argv[1], args: process.argv.slice(2) }));\n',
    );

    const first = JSON.parse((await launch(entry, 'a', '--b', 'c d')).stdout);
    expect(first).toEqual({
      word: 'one',
      url: pathToFileURL(join(projectRoot, entry)).href,
      entry: join(projectRoot, entry),
      args: ['a', '--b', 'c d'],
    });
    const built = currentBuild();

    // Unchanged: the same bundle runs.
    expect(JSON.parse((await launch(entry)).stdout).word).toBe('one');
    expect(currentBuild()).toBe(built);

    // A file the entry imports changed: a new bundle.
    write('word.ts', "export const word: string = 'two';\n");
    expect(JSON.parse((await launch(entry)).stdout).word).toBe('two');
    expect(currentBuild()).not.toBe(built);
  }, 60_000);

  it('only builds with --build, and fails with esbuild’s message when the entry does not build', async () => {
    mkdirSync(join(projectRoot, folder), { recursive: true });
    write('word.ts', "export const word: string = 'three';\n");
    write('entry.ts', "import { word } from './word.ts';\nconsole.log(word);\n");
    const built = await launch('--build', entry);
    expect(built.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(bundles, 'current.json'), 'utf8')).inputs.map(([path]: [string]) => path)).toEqual(
      expect.arrayContaining([entry, `${folder}/word.ts`, LAUNCHER]),
    );

    write('word.ts', 'export const word: string = ;\n');
    const failed = await launch(entry).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect((failed as { stderr: string }).stderr).toContain(`${folder}/word.ts:1:`);
    expect((failed as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('says how it is used, exit code 2, when the entry is missing or does not exist', async () => {
    for (const args of [[], ['lib/no-such-entry.ts']]) {
      const failed = await launch(...args).catch((e: { code: number; stderr: string }) => e);
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: node lib/local/run-bundled.mjs') });
    }
  });
});
