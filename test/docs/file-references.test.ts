// Every file a comment or the docs (README.md, the notes in docs/, infra/DEPLOY.md) names is a file of this repository,
// and every relative link of the docs leads to one: a reference to a document that is not in it, or to a file since
// renamed or removed, fails here instead of misleading a reader.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).trim().split('\n');
const trackedSet = new Set(tracked);
const DOCS = ['README.md', ...tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file)), 'infra/DEPLOY.md'];
const CODE = /\.(?:ts|tsx|cts|mjs|js|css|sol)$/;

/**
 * A file's name with a known extension, after a directory part or alone when it is an upper-case document name
 * (`DEPLOY.md`); not part of a URL, a package path (`@scope/…`) or a longer word.
 */
const REFERENCE = /(?<![\w@/.:-])((?:\.{1,2}\/|[\w-]+\/)*[\w.-]+\.(?:ts|tsx|cts|mjs|js|json|md|css|sol|yml|yaml))(?![\w/])/g;

/** Names that stand for no file of the repository, each for its reason. */
const NOT_FILES: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /^DATA_DIR\//, why: 'the local runtime’s data folder, made when it runs' },
  { pattern: /^B\//, why: 'a path under `$B`, the service’s address in the recipes' },
  { pattern: /^\.\/schema\.d\.ts$/, why: 'written by openapi-typescript when the generated-client test runs' },
  { pattern: /^\.\/x\.mjs$/, why: 'an example of a chunk name in the bundle test' },
];

/**
 * Whether the name is a file git tracks here (a folder beside the checkout may hold one of the same name): from the
 * root, from the naming file's folder, or as the end of a tracked path.
 */
function exists(reference: string, namedIn: string): boolean {
  if (trackedSet.has(path.normalize(reference)) || trackedSet.has(path.join(path.dirname(namedIn), reference))) return true;
  const tail = reference.replace(/^(\.\.?\/)+/, '');
  return !reference.startsWith('../') && tracked.some((file) => file.endsWith(`/${tail}`));
}

/** The comment lines of a code file (`//`, `/*` and the ` * ` lines of a block), with their line numbers. */
function commentLines(file: string): Array<{ line: number; text: string }> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ line: index + 1, text: text.trim() }))
    .filter(({ text }) => text.startsWith('//') || text.startsWith('/*') || text.startsWith('*'));
}

function referencesIn(file: string, lines: Array<{ line: number; text: string }>): Array<{ where: string; reference: string }> {
  const found: Array<{ where: string; reference: string }> = [];
  for (const { line, text } of lines) {
    for (const match of text.matchAll(REFERENCE)) {
      const reference = match[1]!;
      if (!reference.includes('/') && !/^[A-Z][A-Z_-]*\.md$/.test(reference)) continue;
      found.push({ where: `${file}:${line}`, reference });
    }
  }
  return found;
}

/** The targets of a document's relative Markdown links (`[text](target)`), resolved from its folder, without anchors. */
function linksIn(doc: string, text: string): Array<{ where: string; target: string }> {
  const found: Array<{ where: string; target: string }> = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1]!;
      if (/^(?:[a-z]+:|#)/.test(link)) continue;
      found.push({ where: `${doc}:${index + 1}`, target: path.join(path.dirname(doc), link.replace(/#.*$/, '')) });
    }
  });
  return found;
}

describe('file references', () => {
  const code = tracked.filter((file) => CODE.test(file) && !file.includes('/generated/'));
  const docs = DOCS.map((doc) => ({
    doc,
    lines: readFileSync(doc, 'utf8')
      .split('\n')
      .map((text, i) => ({ line: i + 1, text })),
  }));
  const all = [
    ...code.flatMap((file) => referencesIn(file, commentLines(file))),
    ...docs.flatMap(({ doc, lines }) => referencesIn(doc, lines)),
  ];

  it('reads references to files, so a check that finds none cannot pass unnoticed', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((found) => found.reference)).toContain('lib/config.ts');
  });

  it('finds every file a comment or the docs name in this repository', () => {
    const missing = all
      .filter(({ reference }) => !NOT_FILES.some(({ pattern }) => pattern.test(reference)))
      .filter(({ where, reference }) => !exists(reference, where.slice(0, where.lastIndexOf(':'))))
      .map(({ where, reference }) => `${where}: ${reference}`);
    expect(missing).toEqual([]);
  });

  it('finds every relative link of the docs leading to a file of this repository', () => {
    const links = docs.flatMap(({ doc }) => linksIn(doc, readFileSync(doc, 'utf8')));
    expect(links.map((link) => link.target)).toContain('docs/listing.md');
    expect(links.filter(({ target }) => !trackedSet.has(target)).map(({ where, target }) => `${where}: ${target}`)).toEqual([]);
  });

  it('resolves a link from the folder of the document that holds it', () => {
    const links = linksIn('docs/example.md', 'See [the listing](listing.md), [bench](bench.md#figures), [x](docs/listing.md).');
    expect(links.map((link) => link.target)).toEqual(['docs/listing.md', 'docs/bench.md', 'docs/docs/listing.md']);
    expect(links.map((link) => trackedSet.has(link.target))).toEqual([true, true, false]);
  });

  it('names a document that is not in the repository as missing', () => {
    const [found] = referencesIn('lib/example.ts', [{ line: 1, text: '// The retry schedule (API.md, ../shared/STYLE.md).' }]);
    expect(found?.reference).toBe('API.md');
    expect(exists('API.md', 'lib/example.ts')).toBe(false);
    expect(exists('../shared/STYLE.md', 'lib/example.ts')).toBe(false);
    expect(exists('DEPLOY.md', 'README.md')).toBe(true);
  });
});
