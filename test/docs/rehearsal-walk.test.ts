// infra/DEPLOY.md's rehearsal of a first deploy on a local anvil, run with bash line by line as printed, against an
// anvil of this file's own (it stands in for the `npx anvil &` line, at its address). In the middle, deploy-contract
// is killed once it has sent and recorded its transaction, on a chain that mines nothing meanwhile, and run again as
// printed: it resumes, and the chain holds one deployment only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createPublicClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { pendingDeploymentFile, readContractRecords, readPendingDeployment } from '#lib/chain/contract-record.ts';
import { ANVIL_DEV_KEY } from '#lib/chain/signer-key.ts';
import { startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { shBlock } from './sh-blocks.ts';

const run = promisify(execFile);
const DOCUMENTED_RPC = 'http://127.0.0.1:8545';
let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil();
}, 60_000);
afterAll(() => anvil.stop());
const client = () => createPublicClient({ transport: http(anvil.rpcUrl) });
const rpc = (method: string, params: unknown[]) => client().request({ method: method as never, params: params as never });

/** The block's command lines: continuations joined (`\` and a trailing `|`), comments dropped. */
function commandLines(): string[] {
  return shBlock('infra/DEPLOY.md', '### Rehearsing the first deploy on a local anvil')
    .replace(/\\\n\s*/g, ' ')
    .replace(/\|\n\s*/g, '| ')
    .split('\n')
    .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
    .filter(Boolean)
    .map((line) => line.replaceAll(DOCUMENTED_RPC, anvil.rpcUrl));
}

const env = (vars: Record<string, string>) => ({ ...process.env, ...vars, LOG_LEVEL: 'SILENT' });

/** Runs a line with bash until it prints `awaited`, then kills it and every process it started. */
async function killedOnceItPrints(line: string, vars: Record<string, string>, awaited: string): Promise<string> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', line], { env: env(vars), detached: true });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 1200 && !out.includes(awaited); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(out, 'the output before the kill').toContain(awaited);
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  return out;
}

describe("DEPLOY.md's rehearsal on a local anvil", () => {
  it('runs as printed: secrets laid out and filled, the deploy killed mid-way and resumed, one contract recorded', async () => {
    const lines = commandLines();
    expect(lines.map((line) => line.split(' ').slice(0, 4).join(' '))).toEqual([
      'npx anvil &',
      'REHEARSAL=$(mktemp -d)',
      expect.stringMatching(/^echo 0x[0-9a-f]{64} \| npm$/),
      'npm run ops --',
      'npm run ops --',
    ]);
    const [, assignment, initStage, deploy, balance] = lines as [string, string, string, string, string];
    const vars: Record<string, string> = {};
    const [name] = assignment.split('=');
    vars[name!] = (await run('bash', ['-c', `${assignment}; printf %s "$${name}"`])).stdout;
    const record = `${vars['REHEARSAL']}/contracts.json`;

    const init = await run('bash', ['-euo', 'pipefail', '-c', initStage], { env: env(vars) });
    expect(init.stdout).toContain('Created the placeholder secrets of staging');
    expect(init.stdout.match(/: written/g)).toHaveLength(3);
    expect(init.stdout).toContain(`signer ${privateKeyToAccount(ANVIL_DEV_KEY).address}`);

    // A chain that mines nothing: the deployment waits in the node's pool while the command is killed.
    const deployer: Address = privateKeyToAccount(ANVIL_DEV_KEY).address;
    const nonceBefore = await client().getTransactionCount({ address: deployer });
    await rpc('evm_setAutomine', [false]);
    const cut = await killedOnceItPrints(deploy, vars, 'Recorded as pending');
    expect(cut).toMatch(/^Sent the deployment 0x[0-9a-f]{64} /m);
    const pending = readPendingDeployment('staging', record)!;
    expect(pending).toMatchObject({ chainId: 31337, deployer, nonce: nonceBefore });
    expect(existsSync(record)).toBe(false);
    expect(await client().getTransactionCount({ address: deployer })).toBe(nonceBefore);

    // The chain moves on again; the same command resumes the recorded deployment.
    await rpc('evm_setIntervalMining', [1]);
    const resumed = await run('bash', ['-euo', 'pipefail', '-c', deploy], { env: env(vars) });
    expect(resumed.stdout).toContain(`Resuming the deployment ${pending.txHash}`);
    expect(resumed.stdout).not.toContain('Sent the deployment');
    expect(resumed.stdout).toContain(`PlaqueToken deployed on chain 31337 at ${pending.contractAddress} (tx ${pending.txHash}`);
    expect(readContractRecords(record).staging).toMatchObject({ contractAddress: pending.contractAddress, txHash: pending.txHash });
    expect(existsSync(pendingDeploymentFile(record))).toBe(false);
    // One deployment on the chain: the deployer's nonce rose by one.
    expect(await client().getTransactionCount({ address: deployer })).toBe(nonceBefore + 1);
    expect(await client().getCode({ address: pending.contractAddress })).toMatch(/^0x[0-9a-f]{10,}/);

    const funds = await run('bash', ['-euo', 'pipefail', '-c', balance], { env: env(vars) });
    expect(funds.stdout).toContain(`Minting wallet of staging (chain 31337), PlaqueToken ${pending.contractAddress}:`);
  }, 240_000);
});
