// Writes the published OpenAPI document (`npm run openapi`): the text GET /openapi.json serves, built from the manifest
// and the request schemas by lib/http/openapi.ts. The OpenAPI function serves the written text as it is, so its cold
// start builds no schema (building the document at load cost it about 20 ms). The same command writes the client
// package's types of every operation and schema, with openapi-typescript, so partners, the smoke test and the
// dashboard (web/src/types.ts names them) read exactly the shapes the service publishes.
// test/http/openapi-document.test.ts fails, naming this command, while either written file differs from what the
// schemas give.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '#lib/http/openapi.ts';

/** The module the OpenAPI function imports. */
export const DOCUMENT_MODULE = fileURLToPath(new URL('./generated/openapi-document.ts', import.meta.url));

/** The client package's module of the whole document as TypeScript types (packages/client). */
export const CLIENT_TYPES_MODULE = fileURLToPath(new URL('../../packages/client/src/generated/api.ts', import.meta.url));

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

const IDEMPOTENCY_HEADER = 'idempotency-key';

interface DocumentOperation {
  parameters?: { name: string; in: string; required?: boolean }[];
}

/**
 * The client package's module: openapi-typescript's types of every operation and schema, with `Idempotency-Key` made
 * optional (the client sends a fresh one unless the caller gives one), and the list of operations that take the key,
 * which the client reads at run time.
 */
export async function clientTypesText(): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const document = structuredClone(openApiDocument()) as { paths: Record<string, Record<string, DocumentOperation>> };
  const idempotent: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'header' || parameter.name.toLowerCase() !== IDEMPOTENCY_HEADER) continue;
        parameter.required = false;
        idempotent.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
  return [
    '// Written by `npm run openapi` (lib/http/write-openapi-document.ts) with openapi-typescript from the published OpenAPI',
    '// document: do not edit; rerun it after changing an operation or a schema (npm test says when).',
    types,
    '/** The operations that take an `Idempotency-Key` (method and path template): the client sends one on each. */',
    `export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(idempotent.sort())});`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(DOCUMENT_MODULE, documentModuleText());
  console.log(`wrote ${DOCUMENT_MODULE}`);
  await mkdir(path.dirname(CLIENT_TYPES_MODULE), { recursive: true });
  await writeFile(CLIENT_TYPES_MODULE, await clientTypesText());
  console.log(`wrote ${CLIENT_TYPES_MODULE}`);
}
