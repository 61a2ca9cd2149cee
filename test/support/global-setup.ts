// Starts one in-memory DynamoDB Local for the whole test run; each test file creates its own table on it.
// Also one in-memory anvil chain with PlaqueToken deployed (compiled first when the artifact is missing), and the ops
// command line's bundle brought up to date once, before files run it side by side (lib/local/run-bundled.mjs). And the
// run's own temporary folder (run-folder.ts), which every test file's temporary folders go into.
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type RunningDynamoDb } from '#lib/local/dynamodb-local.ts';
import { startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY } from '#lib/chain/signer-key.ts';
import { TEST_PUBLIC_BASE } from './factories.ts';
import { OPS_CLI } from './ops-cli.ts';
import { makeRunFolder } from './run-folder.ts';

let dynamo: RunningDynamoDb | undefined;
let anvil: RunningAnvil | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Before anything starts: the test files' processes and every process they start inherit it.
  process.env.TMPDIR = makeRunFolder(tmpdir());
  // Built while the database and the chain start; a failure (esbuild's message in it) is thrown once they are up.
  const opsBundle = promisify(execFile)(process.execPath, [OPS_CLI[0]!, '--build', ...OPS_CLI.slice(1)]).then(
    () => null,
    (error: Error) => error,
  );
  // Java's best compiler, whatever DYNAMODB_LOCAL_JAVA_OPTIONS the test files get (test/vitest.config.ts): this database
  // serves the whole run, which repays it (with the quick one only, the files that lean on it took up to three times
  // as long).
  dynamo = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  anvil = await startAnvil();
  project.provide('rpcUrl', anvil.rpcUrl);
  // Shared by files that only read the chain; files that mint deploy their own (test/support/chain.ts).
  project.provide(
    'contractAddress',
    await deployPlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, publicBase: TEST_PUBLIC_BASE }),
  );
  const failed = await opsBundle;
  if (failed) throw failed;
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
  await anvil?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    /** The run's anvil node. */
    rpcUrl: string;
    /** PlaqueToken on it, owned by anvil's first dev account. */
    contractAddress: string;
  }
}
