// Files the service serves as they are (the plaque placeholder image): committed under lib/media/static/, each at
// its media key. The stack uploads the folder to the media bucket; the local runtime copies it into DATA_DIR/media.
import { cp } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder whose layout is the media keys' (`static/plaques/placeholder.png` → `plaques/placeholder.png`). */
export const STATIC_MEDIA_DIR = fileURLToPath(new URL('./static', import.meta.url));

/** Copies the static media into the local media folder (DATA_DIR/media), replacing older copies. */
export async function installStaticMedia(dataDir: string): Promise<void> {
  await cp(STATIC_MEDIA_DIR, resolve(dataDir, 'media'), { recursive: true, force: true });
}
