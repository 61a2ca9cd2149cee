// Reads the recipes the walkthrough tests run: the shell blocks of the documents, exactly as printed.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** The first sh block after a heading of a document. */
export function shBlock(doc: string, heading: string): string {
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(`${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start));
  return block![1]!;
}
