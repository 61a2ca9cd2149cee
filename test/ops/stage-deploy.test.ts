// npm run ops -- deploy: the credentials are checked before any synthesis, then the pinned CDK CLI deploys the stage's
// stack. Nothing is deployed here: the command line it would run is what is checked.
import { OPS_CLI } from '../support/ops-cli.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assertDeployCredentials, cdkCommandLine, runCdk } from '#lib/ops/stage-deploy.ts';

const run = promisify(execFile);
/** No credentials anywhere: no variables, an empty home (no ~/.aws), no instance metadata service. */
const noAws = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_'))),
  HOME: mkdtempSync(join(tmpdir(), 'plaque-home-')),
  AWS_EC2_METADATA_DISABLED: 'true',
  LOG_LEVEL: 'SILENT',
});
const fakeAws = (): NodeJS.ProcessEnv => ({
  ...noAws(),
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'not-a-real-secret',
});

describe('cdkCommandLine', () => {
  it("names the project's CDK CLI, the stage and its stack, then the operator's further options", () => {
    expect(cdkCommandLine({ stage: 'staging' })).toEqual(['npx', 'cdk', 'deploy', '-c', 'stage=staging', 'PlaqueApi-staging']);
    expect(cdkCommandLine({ stage: 'production', diff: true, cdkOptions: ['--require-approval', 'never'] })).toEqual([
      'npx',
      'cdk',
      'diff',
      '-c',
      'stage=production',
      'PlaqueApi-production',
      '--require-approval',
      'never',
    ]);
  });
});

describe('assertDeployCredentials', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses within a second without credentials, saying what to set', async () => {
    process.env = noAws();
    const started = performance.now();
    await expect(assertDeployCredentials('staging', 'eu-west-1')).rejects.toThrow(
      /^No AWS credentials to deploy PlaqueApi-staging \(.*\): set AWS_PROFILE .* or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; a rehearsal without AWS takes --secrets-dir/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('passes with credentials in the environment, calling nothing', async () => {
    process.env = fakeAws();
    await expect(assertDeployCredentials('production', 'eu-west-1')).resolves.toBeUndefined();
  });
});

describe('npm run ops -- deploy', () => {
  it('refuses without credentials before running cdk, exit code 1', async () => {
    const failed = await run(process.execPath, [...OPS_CLI, 'deploy', '--stage', 'staging'], { env: noAws() }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^No AWS credentials to deploy PlaqueApi-staging/) });
  }, 60_000);

  it('with credentials, runs cdk deploy of the stage with the options given after --', async () => {
    const { stdout } = await run(
      process.execPath,
      [...OPS_CLI, 'deploy', '--stage', 'production', '--dry-run', '--', '--require-approval', 'never'],
      { env: fakeAws() },
    );
    expect(stdout.trim()).toBe('npx cdk deploy -c stage=production PlaqueApi-production --require-approval never');
    const diff = await run(process.execPath, [...OPS_CLI, 'deploy', '--stage', 'staging', '--diff', '--dry-run'], { env: fakeAws() });
    expect(diff.stdout.trim()).toBe('npx cdk diff -c stage=staging PlaqueApi-staging');
  }, 60_000);
});

describe('runCdk', () => {
  it('runs the command line and answers its exit code', async () => {
    expect(await runCdk([process.execPath, '-e', 'process.exit(3)'], process.env)).toBe(3);
  });
});
