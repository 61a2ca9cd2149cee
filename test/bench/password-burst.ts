// `npm run bench -- --only passwords`: 50 password checks at once, as a burst of logins for unknown addresses makes
// them, once straight through node's scrypt and once through the service's password work limit (lib/auth/password.ts).
// Each runs in a fresh process and prints its duration, its peak memory and how long a small file read waits
// meanwhile (scrypt runs on libuv's pool of 4 threads, which file system calls share).
import { spawnSync } from 'node:child_process';
import { scrypt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PASSWORD_WORK_CONCURRENCY, SCRYPT_PARAMS, verifyNoPassword } from '#lib/auth/password.ts';

const CHECKS = 50;
type Mode = 'unlimited' | 'limited';

/** One password check at the service's parameters, without the limit. */
const rawCheck = () =>
  new Promise<void>((done, fail) =>
    scrypt(
      'a-password',
      'sixteen-byte-slt',
      32,
      { N: 2 ** SCRYPT_PARAMS.log2N, r: SCRYPT_PARAMS.r, p: 1, maxmem: 256 * 2 ** 20 },
      (error) => (error ? fail(error) : done()),
    ),
  );

async function child(mode: Mode): Promise<void> {
  let peak = process.memoryUsage().rss;
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const startedAt = performance.now();
  const burst = Promise.all(Array.from({ length: CHECKS }, () => (mode === 'limited' ? verifyNoPassword('a-password') : rawCheck())));
  await new Promise((done) => setTimeout(done, 200));
  const readAt = performance.now();
  await readFile(fileURLToPath(import.meta.url));
  const readMs = performance.now() - readAt;
  await burst;
  clearInterval(sampler);
  console.log(
    JSON.stringify({ seconds: (performance.now() - startedAt) / 1000, beforeMb: before / 2 ** 20, peakMb: peak / 2 ** 20, readMs }),
  );
}

export async function runPasswordBurstBench(): Promise<void> {
  console.log(`\n## ${CHECKS} password checks at once (scrypt N = 2^${SCRYPT_PARAMS.log2N}, r = ${SCRYPT_PARAMS.r})`);
  console.log('| run | seconds | memory before → peak (MB) | a file read during the burst waits (ms) |');
  console.log('|---|---|---|---|');
  for (const [mode, label] of [
    ['unlimited', 'node scrypt, no limit'],
    ['limited', `the service's limit (${PASSWORD_WORK_CONCURRENCY} at once)`],
  ] as const) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode], { encoding: 'utf8' });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    try {
      const r = JSON.parse(line) as { seconds: number; beforeMb: number; peakMb: number; readMs: number };
      console.log(`| ${label} | ${r.seconds.toFixed(1)} | ${r.beforeMb.toFixed(0)} → ${r.peakMb.toFixed(0)} | ${r.readMs.toFixed(0)} |`);
    } catch {
      console.log(`| ${label} | failed: ${run.stderr.trim().split('\n').at(-1) ?? run.status} | | |`);
    }
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] as Mode);
