// The partner dashboard's build for the local runtime: `npm start` builds web/ into web/dist when the build is
// missing or older than any of its sources, so a checkout serves its own page at /dashboard/ without a build step.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The dashboard's sources. */
export const WEB_ROOT = join(PROJECT_ROOT, 'web');
/** Where the built page is, and what the local server serves at /dashboard/ (git-ignored). */
export const DASHBOARD_DIST = join(WEB_ROOT, 'dist');

/**
 * The newest modification time (ms) under `path` (a file or a folder: its files, and its folders, whose times move
 * when a file is added or removed), build output aside. The top folder's own time is left out when `counted` is false:
 * putting a new build in place changes it.
 */
function newestChange(path: string, counted = true): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    counted ? stat.mtimeMs : 0,
    ...readdirSync(path)
      .filter((name) => !name.startsWith('dist'))
      .map((name) => newestChange(join(path, name))),
  );
}

/** Missing, or older than a source of the page (web/, the lockfile that fixes Vite and Preact). */
export function dashboardIsStale(webRoot = WEB_ROOT, dist = join(webRoot, 'dist')): boolean {
  const built = join(dist, 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(newestChange(webRoot, false), newestChange(join(webRoot, '..', 'package-lock.json')));
  return sources > statSync(built).mtimeMs;
}

/**
 * Builds the page with Vite into a folder of its own, then puts it in place of the old build: a server already
 * serving the old one never sees a half-written folder, and two builds at once do not write into each other.
 */
export async function buildDashboard(webRoot = WEB_ROOT, dist = join(webRoot, 'dist')): Promise<void> {
  const { build } = await import('vite');
  const staging = `${dist}.${process.pid}.${Date.now()}`;
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      root: webRoot,
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
    const previous = `${staging}.old`;
    if (existsSync(dist)) renameSync(dist, previous);
    renameSync(staging, dist);
    rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds the page when it is stale; true when it did. */
export async function ensureDashboard(webRoot = WEB_ROOT): Promise<boolean> {
  if (!dashboardIsStale(webRoot)) return false;
  await buildDashboard(webRoot);
  return true;
}
