// `deploy`: the pinned CDK CLI's `cdk deploy` (or `cdk diff`) of one stage's stack, after checking for AWS
// credentials. `npx cdk deploy` alone finds them missing only after synthesizing the stage (about 45 s), with the
// SDK's bare "Could not load credentials"; this says what to set before any of that.
import { spawn } from 'node:child_process';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { assertAwsCredentials } from '#lib/ops/aws-credentials.ts';
import { stackNameOf, type StageName } from '#lib/ops/stage-secrets.ts';

export interface StageDeployOptions {
  stage: StageName;
  /** `cdk diff` (what would change) instead of `cdk deploy`. */
  diff?: boolean;
  /** Further options for the CDK CLI, e.g. `--require-approval never`. */
  cdkOptions?: readonly string[];
}

/** The command line: the project's own CDK CLI (npx), the stage selected in the app (`-c stage=`) and its stack named. */
export const cdkCommandLine = (options: StageDeployOptions): string[] => [
  'npx',
  'cdk',
  options.diff ? 'diff' : 'deploy',
  '-c',
  `stage=${options.stage}`,
  stackNameOf(options.stage),
  ...(options.cdkOptions ?? []),
];

/** Throws, saying what to set, unless the default AWS credentials resolve (no call to AWS is made). */
export async function assertDeployCredentials(stage: StageName, region: string): Promise<void> {
  const client = new SecretsManagerClient({ region });
  try {
    await assertAwsCredentials(
      client,
      `deploy ${stackNameOf(stage)}`,
      'a rehearsal without AWS takes --secrets-dir <folder> (infra/DEPLOY.md, "Rehearsing the first deploy on a local anvil")',
    );
  } finally {
    client.destroy();
  }
}

/** Runs the command line with the terminal's input and output (cdk asks before widening IAM); resolves its exit code. */
export function runCdk(commandLine: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = commandLine;
  const child = spawn(command!, args, { stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
