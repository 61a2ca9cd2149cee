// infra/DEPLOY.md's links within itself (the first-deploy checklist's, above all) lead to one of its headings, by the
// anchor a Markdown renderer gives a heading: lower case, punctuation dropped, spaces turned into hyphens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe("DEPLOY.md's links to its own sections", () => {
  const doc = readFileSync('infra/DEPLOY.md', 'utf8');
  const headings = new Set([...doc.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)));
  const links = [...doc.matchAll(/\]\(#([^)]+)\)/g)].map(([, anchor]) => anchor!);

  it('reads the anchors the way a renderer makes them', () => {
    expect(anchorOf('2. Bootstrap (once per account and region)')).toBe('2-bootstrap-once-per-account-and-region');
    expect(anchorOf('First deploy of a stage: secrets, contract, second deploy')).toBe(
      'first-deploy-of-a-stage-secrets-contract-second-deploy',
    );
  });

  it('each lead to a heading', () => {
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((anchor) => !headings.has(anchor))).toEqual([]);
  });
});
