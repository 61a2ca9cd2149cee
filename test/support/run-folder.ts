// The test run's own temporary folder: the run's global setup makes it and points TMPDIR at it, so every folder a test
// file makes with mkdtemp (and every process it starts) lands inside it, not loose in the system's. A run leaves its
// folder for a look after a failure; the next run removes every run folder whose process is gone (a run killed before
// its teardown included), so at most the last run's files stay.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { processRuns } from '#lib/local/runtime-record.ts';

export const RUN_FOLDER_PREFIX = 'plaque-test-run-';

/** Removes the run folders in `base` whose process is gone; returns how many. */
export function removeEndedRunFolders(base: string): number {
  let removed = 0;
  for (const name of readdirSync(base)) {
    if (!name.startsWith(RUN_FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(RUN_FOLDER_PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && processRuns(pid)) continue;
    rmSync(join(base, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** A run folder of this process in `base`, the folders of ended runs removed first. */
export function makeRunFolder(base: string): string {
  removeEndedRunFolders(base);
  return mkdtempSync(join(base, `${RUN_FOLDER_PREFIX}${process.pid}-`));
}
