// DynamoDB's own value format and a write's outcome are read in lib/db only (lib/db/stream-images.ts,
// lib/db/transaction.ts, lib/db/conditional-write.ts): no file outside it reads an attribute value's member
// (`image.status?.S`, `value.N`) or checks `kind === 'conflict'` by hand. Read from the syntax tree, so strings,
// comments and filter patterns (`{ S: ['SOLD'] }`) never count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The folders of code that runs or deploys; tests (test/) may build and read raw records. */
const SOURCE_FOLDERS = ['lib', 'functions', 'infra', 'web/src'];
/** Where DynamoDB's format is read: the repositories and their helpers. */
const ALLOWED = 'lib/db/';
/** The members of a DynamoDB AttributeValue. */
const ATTRIBUTE_VALUE_MEMBERS = new Set(['S', 'N', 'B', 'SS', 'NS', 'BS', 'M', 'L', 'NULL', 'BOOL']);

function sourceFiles(folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'generated' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

const isConflict = (node: ts.Node) => ts.isStringLiteralLike(node) && node.text === 'conflict';
const isKind = (node: ts.Node) => ts.isPropertyAccessExpression(node) && node.name.text === 'kind';
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Each place in `source` that reads an attribute value's member or compares a `.kind` with 'conflict', as `line: text`. */
function handReadings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${line}: ${node.getText(file)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ATTRIBUTE_VALUE_MEMBERS.has(node.name.text)) report(node);
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      ATTRIBUTE_VALUE_MEMBERS.has(node.argumentExpression.text)
    ) {
      report(node);
    }
    if (
      ts.isBinaryExpression(node) &&
      EQUALITY.has(node.operatorToken.kind) &&
      ((isKind(node.left) && isConflict(node.right)) || (isConflict(node.left) && isKind(node.right)))
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('reading DynamoDB values and write outcomes', () => {
  it('finds a hand-read attribute value or conflict, and nothing in filter patterns, strings, comments or switches', () => {
    const probe = [
      'const status = record.dynamodb?.NewImage?.status?.S;',
      "const price = Number(image['N']);",
      "if (result.kind === 'conflict') throw new Error('conflict');",
      "if ('conflict' !== outcome.kind) return;",
      "export const FILTER = { NewImage: { entity: { S: ['order'] }, n: { N: ['1'] } } };",
      "// a comment about image.status.S and kind === 'conflict'",
      'const text = \'value.S and result.kind === "conflict"\';',
      "switch (outcome.kind) { case 'conflict': break; }",
      'const size = sizes.Small + units.SM + kinds.kind;',
    ].join('\n');
    expect(handReadings('probe.ts', probe)).toEqual([
      '1: record.dynamodb?.NewImage?.status?.S',
      "2: image['N']",
      "3: result.kind === 'conflict'",
      "4: 'conflict' !== outcome.kind",
    ]);
  });

  it('happen in lib/db only', () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter((file) => !file.startsWith(ALLOWED));
    expect(files.length).toBeGreaterThan(100);
    const readings = files.flatMap((file) =>
      handReadings(file, readFileSync(path.join(root, file), 'utf8')).map((reading) => `${file}:${reading}`),
    );
    expect(readings).toEqual([]);
  });
});
