// infra/DEPLOY.md's rehearsal of a first deploy on a local anvil, run with bash line by line as printed: every command
// starts the rehearsal's chain over its folder and stops it. In the middle, deploy-contract is killed once it has sent
// and recorded its transaction, and run again as printed: it resumes, and the chain holds one deployment only. Then
// the contract is pointed at a new base and its signer rotated, and no chain is left running.
import { describe, expect, it } from 'vitest';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { pendingDeploymentFile, readContractRecords, readPendingDeployment } from '#lib/chain/contract-record.ts';
import { readMetadataUris } from '#lib/chain/metadata-uris.ts';
import { MINTER_ROLE } from '#lib/chain/plaque-token-abi.ts';
import { DEFAULT_ADMIN_ROLE, plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { ANVIL_DEV_KEY } from '#lib/chain/signer-key.ts';
import { startAnvil } from '#lib/local/anvil.ts';
import { shBlock } from './sh-blocks.ts';

const run = promisify(execFile);

/** The block's command lines: continuations joined (`\` and a trailing `|`), comments dropped. */
function commandLines(): string[] {
  return shBlock('infra/DEPLOY.md', '### Rehearsing the first deploy on a local anvil')
    .replace(/\\\n\s*/g, ' ')
    .replace(/\|\n\s*/g, '| ')
    .split('\n')
    .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
    .filter(Boolean);
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

/** Runs `read` against a chain started over the rehearsal's saved one, and stops it. */
async function onSavedChain<T>(folder: string, read: (rpcUrl: string) => Promise<T>): Promise<T> {
  const anvil = await startAnvil({ stateFile: join(folder, 'chain', 'state.json') });
  try {
    return await read(anvil.rpcUrl);
  } finally {
    await anvil.stop();
  }
}

/** The processes whose command line names `text`. */
const processesNaming = (text: string): string[] =>
  execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
    .split('\n')
    .filter((args) => args.includes(text));

describe("DEPLOY.md's rehearsal on a local anvil", () => {
  it('runs as printed: secrets filled, the deploy killed mid-way and resumed, the base moved, the signer rotated', async () => {
    const lines = commandLines();
    expect(lines.map((line) => line.split(' ').slice(0, 4).join(' '))).toEqual([
      'REHEARSAL=$(mktemp -d)',
      expect.stringMatching(/^echo 0x[0-9a-f]{64} \| npm$/),
      'npm run ops --',
      'npm run ops --',
      expect.stringMatching(/^echo 0x[0-9a-f]{64} \| npm$/),
      'npm run ops --',
    ]);
    const [assignment, initStage, deploy, setUri, rotate, balance] = lines as [string, string, string, string, string, string];
    const vars: Record<string, string> = {};
    const [name] = assignment.split('=');
    vars[name!] = (await run('bash', ['-c', `${assignment}; printf %s "$${name}"`])).stdout;
    const folder = vars['REHEARSAL']!;
    const record = join(folder, 'contracts.json');
    const line = (command: string) => run('bash', ['-euo', 'pipefail', '-c', command], { env: env(vars) });

    const init = await line(initStage);
    expect(init.stdout).toContain('Created the placeholder secrets of staging');
    expect(init.stdout.match(/: written/g)).toHaveLength(3);
    const deployer: Address = privateKeyToAccount(ANVIL_DEV_KEY).address;
    expect(init.stdout).toContain(`signer ${deployer}`);

    // Killed once the deployment is signed, recorded as pending and sent; its chain goes with it.
    const cut = await killedOnceItPrints(deploy, vars, 'Recorded as pending');
    expect(cut).toMatch(/^Sent the deployment 0x[0-9a-f]{64} /m);
    const pending = readPendingDeployment('staging', record)!;
    expect(pending).toMatchObject({ chainId: 31337, deployer, nonce: 0 });
    expect(existsSync(record)).toBe(false);

    // The same command resumes the recorded deployment.
    const resumed = await line(deploy);
    expect(resumed.stdout).toContain(`Resuming the deployment ${pending.txHash}`);
    expect(resumed.stdout).not.toContain('Sent the deployment');
    expect(resumed.stdout).toContain(`PlaqueToken deployed on chain 31337 at ${pending.contractAddress} (tx ${pending.txHash}`);
    expect(resumed.stdout).toContain("(a rehearsal: the stage's record is untouched)");
    expect(readContractRecords(record).staging).toMatchObject({ contractAddress: pending.contractAddress, txHash: pending.txHash });
    expect(existsSync(pendingDeploymentFile(record))).toBe(false);
    // One deployment on the chain: the deployer's nonce rose by one.
    const contract = pending.contractAddress;
    expect(
      await onSavedChain(folder, (rpcUrl) => createPublicClient({ transport: http(rpcUrl) }).getTransactionCount({ address: deployer })),
    ).toBe(1);

    const moved = await line(setUri);
    expect(moved.stdout).toContain(`PlaqueToken ${contract}: uri http://localhost:3001/tokens/{id}.json`);
    expect(moved.stdout).not.toContain('commit it');
    const rotated = await line(rotate);
    const next = /minter (0x[0-9a-fA-F]{40}) \(granted in 0x/.exec(rotated.stdout)?.[1] as Address;
    expect(next).toBeDefined();
    expect(rotated.stdout).toContain(`${deployer}: MINTER_ROLE revoked in 0x`);
    expect(rotated.stdout).not.toContain('commit it');
    const funds = await line(balance);
    expect(funds.stdout).toContain(`Minting wallet of staging (chain 31337), PlaqueToken ${contract}:`);
    expect(funds.stdout).toContain(`${next} holds`);

    await onSavedChain(folder, async (rpcUrl) => {
      const client = createPublicClient({ transport: http(rpcUrl) });
      const hasRole = (role: `0x${string}`, account: Address) =>
        client.readContract({ address: contract, abi: plaqueTokenAdminAbi, functionName: 'hasRole', args: [role, account] });
      expect((await readMetadataUris(rpcUrl, contract)).contractURI).toBe('http://localhost:3001/contract.json');
      expect(await hasRole(MINTER_ROLE, next)).toBe(true);
      expect(await hasRole(MINTER_ROLE, deployer)).toBe(false);
      expect(await hasRole(DEFAULT_ADMIN_ROLE, deployer)).toBe(true);
    });
    // Every command stopped the chain it started, the one killed mid-way included.
    expect(processesNaming(folder)).toEqual([]);
  }, 300_000);
});
