// README.md indexes the notes of docs/: each note is linked from its Documentation section, and each opens with its
// title and a paragraph saying what it covers, so a reader who lands on one knows where they are.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const notes = readdirSync('docs')
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`);

/** The targets of README's links under its Documentation heading. */
function indexed(readme: string): string[] {
  const start = readme.indexOf('\n## Documentation\n');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
}

describe("README's index of docs/", () => {
  it('links every note of docs/', () => {
    expect(notes.length).toBeGreaterThan(5);
    const links = indexed(readFileSync('README.md', 'utf8'));
    expect(notes.filter((note) => !links.includes(note))).toEqual([]);
  });

  it('finds a note the index leaves out', () => {
    expect(indexed('# T\n\n## Documentation\n\n[a](docs/a.md)\n\n## Next\n\n[b](docs/b.md)\n')).toEqual(['docs/a.md']);
  });

  it('has every note open with its title, then a paragraph of prose', () => {
    const badly = notes.filter((note) => !/^# [^\n]+\n\n[A-Za-z`]/.test(readFileSync(note, 'utf8')));
    expect(badly).toEqual([]);
  });
});
