// A test run keeps its temporary folders in a folder of its own (test/support/run-folder.ts), and the next run removes
// the folders of runs that ended, so repeated runs do not fill the system's temporary folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_FOLDER_PREFIX, makeRunFolder, removeEndedRunFolders } from '../support/run-folder.ts';

describe('temporary folders of a test run', () => {
  it("puts this file's temporary folders, and those of the processes it starts, in the run's folder", () => {
    const runFolder = tmpdir();
    expect(basename(runFolder)).toMatch(new RegExp(`^${RUN_FOLDER_PREFIX}\\d+-`));
    expect(dirname(mkdtempSync(join(tmpdir(), 'plaque-habit-')))).toBe(runFolder);
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())']).toString();
    expect(child).toBe(runFolder);
  });

  it('removes the folders of runs whose process is gone and keeps those of running ones and anything else', () => {
    const base = mkdtempSync(join(tmpdir(), 'plaque-run-folders-'));
    // A process that has ended: a child that ran to its end.
    const ended = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
    for (const name of [`${RUN_FOLDER_PREFIX}${ended}-abc`, `${RUN_FOLDER_PREFIX}${process.pid}-def`, 'plaque-other-ghi']) {
      mkdirSync(join(base, name, 'inside'), { recursive: true });
    }
    expect(removeEndedRunFolders(base)).toBe(1);
    expect(readdirSync(base).sort()).toEqual(['plaque-other-ghi', `${RUN_FOLDER_PREFIX}${process.pid}-def`]);
    const made = makeRunFolder(base);
    expect(basename(made)).toMatch(new RegExp(`^${RUN_FOLDER_PREFIX}${process.pid}-`));
    expect(existsSync(made)).toBe(true);
  });
});
