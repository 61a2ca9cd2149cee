// Reads the recipes the walkthrough tests run: the shell blocks of the documents, exactly as printed, and runs them
// against a test's local server and data folder.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect } from 'vitest';

const run = promisify(execFile);

/** The first sh block after a heading of a document. */
export function shBlock(doc: string, heading: string): string {
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(`${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start));
  return block![1]!;
}

/**
 * Runs a recipe with bash as printed, against `serverUrl` and `dataDir`: the recipes read the server's address from
 * PORT and its data folder from DATA_DIR, as a shell that started `npm start` with them has them. It stops at the
 * first failing command; each answer ends its own line (`curl -w '\n'`), so the answers are read one a line.
 */
export async function runRecipe(script: string, serverUrl: string, dataDir: string): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
    env: { ...process.env, LOG_LEVEL: 'SILENT', PORT: new URL(serverUrl).port, DATA_DIR: dataDir },
  });
  return stdout;
}
