// Reads the recipes the walkthrough tests run: the shell blocks of the documents, exactly as printed, and runs them
// against a test's local server and data folder.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * Runs a recipe with bash against `serverUrl` and `dataDir`, the only parts of it a test makes its own (the recipes
 * name http://127.0.0.1:3000 and `.data/`), stopping at the first failing command. Each curl line's answer ends its
 * own line of the output, so the answers are read one a line.
 */
export async function runRecipe(script: string, serverUrl: string, dataDir: string): Promise<string> {
  const own = script.replaceAll('http://127.0.0.1:3000', serverUrl).replaceAll('.data/', `${dataDir}/`);
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', own.replace(/^(curl [^#\n]*?)(\s+#.*)?$/gm, '$1; echo$2')], {
    env: { ...process.env, LOG_LEVEL: 'SILENT' },
  });
  return stdout;
}

/** The code mails to `email` in the data folder's outbox, by file name. */
export function mailsTo(dataDir: string, email: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith(`-${email}.json`));
  } catch {
    return [];
  }
}
