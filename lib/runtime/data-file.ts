// Files under DATA_DIR made once on first use (local keys, the local mnemonic): concurrent first users agree on one.
// Kept light: the TOKEN authorizer imports it through the key store (Web Crypto's randomUUID, not node:crypto).
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file's text, or null when there is none. */
export async function readIfExists(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/**
 * The file's text; when there is none, `make` writes it first (owner-only, in an owner-only folder). Two processes
 * making it at once end up reading the same text: each writes a draft, link() fails for all but the first.
 */
export async function readOrMakeOnce(file: string, make: () => Promise<string>): Promise<string> {
  const existing = await readIfExists(file);
  if (existing !== null) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${crypto.randomUUID()}.tmp`;
  await writeFile(draft, await make(), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return readFile(file, 'utf8');
}
