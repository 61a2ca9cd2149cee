// Bench section: the partner dashboard's build, its JavaScript and CSS as a browser downloads them (gzip), against
// the target of 60 KB of JavaScript gzipped. Built into the git-ignored `.bench/`, so web/dist is left as it is.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { buildDashboard, WEB_ROOT } from '#lib/local/dashboard-build.ts';
import { projectRoot } from '../../infra/bundling.ts';

const gzipped = promisify(gzip);
const TARGET_JS_GZIP_BYTES = 60 * 1024;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function runDashboardBench(): Promise<void> {
  const out = path.join(projectRoot, '.bench', 'dashboard');
  await rm(out, { recursive: true, force: true });
  await buildDashboard(WEB_ROOT, out);
  const assets = path.join(out, 'assets');
  const rows: { name: string; bytes: number; gzip: number }[] = [];
  for (const name of (await readdir(assets)).sort()) {
    const content = await readFile(path.join(assets, name));
    rows.push({ name, bytes: content.length, gzip: (await gzipped(content, { level: 9 })).length });
  }
  console.log('\n## Partner dashboard: the built page (web/), as a browser downloads it');
  for (const row of rows) console.log(`  ${row.name.padEnd(28)} ${kb(row.bytes).padStart(7)} KB  ${kb(row.gzip).padStart(6)} KB gzipped`);
  const js = rows.filter((r) => r.name.endsWith('.js')).reduce((sum, r) => sum + r.gzip, 0);
  const verdict = js <= TARGET_JS_GZIP_BYTES ? 'ok' : 'MISS';
  console.log(`  JavaScript: ${kb(js)} KB gzipped (target ≤ ${kb(TARGET_JS_GZIP_BYTES)} KB): ${verdict}`);
}
