// Writes the published OpenAPI document (`npm run openapi`): the text GET /openapi.json serves, built from the
// manifest and the request schemas by lib/http/openapi.ts. The OpenAPI function serves the written text as it is, so its
// cold start builds no schema (building the document at load cost it about 20 ms); test/http/openapi-document.test.ts
// fails, naming this command, while the written text differs from what the schemas give.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '#lib/http/openapi.ts';

/** The module the OpenAPI function imports. */
export const DOCUMENT_MODULE = fileURLToPath(new URL('./generated/openapi-document.ts', import.meta.url));

/**
 * `JSON.stringify(value)` in pieces: objects are opened `depth` levels down, deeper values are one piece each. At depth
 * 3 every operation (`paths` → path) and every component schema is one piece, so a diff of the module names what moved.
 */
function jsonPieces(value: unknown, depth: number): string[] {
  if (depth === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return [JSON.stringify(value)];
  const pieces = ['{'];
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    if (JSON.stringify(member) === undefined) continue;
    const [head, ...rest] = jsonPieces(member, depth - 1);
    pieces.push(`${first ? '' : ','}${JSON.stringify(key)}:${head}`, ...rest);
    first = false;
  }
  pieces.push('}');
  return pieces;
}

/**
 * The module's text: the document's JSON text as string literals, one operation or schema a line, joined at load. A
 * string parses at load several times faster than the same document written as an object literal.
 */
export const documentModuleText = (): string =>
  [
    '// Written by `npm run openapi` (lib/http/write-openapi-document.ts) from the manifest and the request schemas:',
    '// do not edit; rerun it after changing an operation or a schema (npm test says when).',
    'export const OPENAPI_DOCUMENT_JSON = [',
    ...jsonPieces(openApiDocument(), 3).map((piece) => `  ${JSON.stringify(piece)},`),
    "].join('');",
    '',
  ].join('\n');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(DOCUMENT_MODULE, documentModuleText());
  console.log(`wrote ${DOCUMENT_MODULE}`);
}
