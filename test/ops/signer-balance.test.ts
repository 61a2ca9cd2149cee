// signer-balance on anvil: the minting wallet's address, balance and the mints it still pays for, from a stage's record
// and RPC endpoint, from the chain of a running `npm start` (its runtime record), and from a data folder's saved chain
// when nothing runs there.
import { OPS_CLI } from '../support/ops-cli.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, formatEther, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { ensurePlaqueToken } from '#lib/chain/deploy.ts';
import { localContractRecordFile } from '#lib/chain/local-deployment.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { runningRuntime, runtimeRecordFile } from '#lib/local/runtime-record.ts';
import { deployContract } from '#lib/ops/chain-commands.ts';
import { fileSecretStore } from '#lib/ops/secret-store.ts';
import { signerBalances, stageChain } from '#lib/ops/signer-balance.ts';
import { secretIdOf } from '#lib/ops/stage-secrets.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';

const run = promisify(execFile);
const cli = (args: string[]) => run(process.execPath, [...OPS_CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'SILENT' } });

// A node of this file's own: the balances read here move with nobody else's mints.
let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil();
}, 60_000);
afterAll(() => anvil.stop());
const client = () => createPublicClient({ transport: http(anvil.rpcUrl) });

const setBalance = (address: Address, wei: bigint) =>
  client().request({ method: 'anvil_setBalance' as never, params: [address, `0x${wei.toString(16)}`] as never });

/** A stage's contract on the file's node, deployed by a fresh signer that then holds `wei`, recorded in a file of its own. */
async function aStage(wei: bigint): Promise<{ signer: Address; key: Hex; contract: Address; recordFile: string }> {
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  await setBalance(signer, 10n ** 18n);
  // Deployed as deploy-contract deploys a stage's: the signer's key in the stage's secret (a folder standing in).
  const secrets = mkdtempSync(join(tmpdir(), 'plaque-signer-secrets-'));
  mkdirSync(join(secrets, 'PlaqueApi-staging'));
  writeFileSync(join(secrets, secretIdOf('staging', 'chainSigner')), key);
  const recordFile = join(mkdtempSync(join(tmpdir(), 'plaque-signer-record-')), 'contracts.json');
  const { contractAddress } = await deployContract({
    stage: 'staging',
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    store: fileSecretStore(secrets),
    publicBase: TEST_PUBLIC_BASE,
    confirmations: 0,
    recordFile,
    pollingIntervalMs: 50,
  });
  await setBalance(signer, wei);
  return { signer, key, contract: contractAddress, recordFile };
}

describe('signer-balance', () => {
  it("answers the minter's balance and the mints it pays for: a token's gas in a batch of 50 at the gas price now, in whole mints", async () => {
    const stage = await aStage(10n ** 17n);
    const [funds, ...others] = await signerBalances(stageChain('staging', anvil.rpcUrl, stage.recordFile));
    expect(others).toEqual([]);
    const balance = await client().getBalance({ address: stage.signer });
    expect(funds).toMatchObject({ signer: stage.signer, balance });
    expect(funds!.mintsLeft).toBe(balance / (funds!.mintGas * funds!.gasPrice));
    // The estimate is a token's share of a real batch of 50 fresh tokens in a row (one word of the minted-ids bitmap),
    // give or take the estimate's margin.
    const port = createChainPort({
      rpcUrl: anvil.rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: stage.contract,
      signerKey: fixedSignerKey(stage.key),
    });
    const items = Array.from({ length: 50 }, (_, i) => ({
      to: privateKeyToAccount(generatePrivateKey()).address,
      tokenId: 2_048n + BigInt(i),
    }));
    const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
    const signed = await port.exclusiveNonce((nonce) => port.signMintBatch(items, nonce, fees));
    if (signed.kind !== 'signed') throw new Error('not signed');
    await port.sendRawTransaction(signed.raw);
    const { gasUsed } = await port.waitForReceipt(signed.hash);
    expect(Number(funds!.mintGas)).toBeGreaterThanOrEqual(Number(gasUsed / 50n));
    expect(Number(funds!.mintGas)).toBeLessThan(Number(gasUsed / 50n) * 1.1);
    expect(Number(funds!.mintGas)).toBeLessThanOrEqual(35_000);
  });

  it('counts no mint for an empty wallet', async () => {
    const stage = await aStage(0n);
    const [empty] = await signerBalances(stageChain('staging', anvil.rpcUrl, stage.recordFile));
    expect(empty).toMatchObject({ balance: 0n, mintsLeft: 0n });
  });

  it('prints the address, balance and mints for a stage from the command line', async () => {
    const stage = await aStage(10n ** 18n);
    const { stdout } = await cli(['signer-balance', '--stage', 'staging', '--rpc-url', anvil.rpcUrl, '--record', stage.recordFile]);
    const [funds] = await signerBalances(stageChain('staging', anvil.rpcUrl, stage.recordFile));
    expect(stdout).toContain(`PlaqueToken ${stage.contract}`);
    expect(stdout).toMatch(new RegExp(`${stage.signer} holds 1 ETH: \\d+ mints at [\\d.]+ gwei \\(\\d+ gas each\\)`));
    const mints = Number(/holds 1 ETH: (\d+) mints/.exec(stdout)?.[1]);
    // The gas price may move between the two reads; the count it gives stays within a few per cent.
    expect(Math.abs(mints - Number(funds!.mintsLeft)) / Number(funds!.mintsLeft)).toBeLessThan(0.05);
  }, 60_000);

  it('refuses a stage without --rpc-url, and a stage without a recorded contract', async () => {
    await expect(cli(['signer-balance', '--stage', 'staging'])).rejects.toMatchObject({ stderr: expect.stringContaining('--rpc-url') });
    const none = join(mkdtempSync(join(tmpdir(), 'plaque-signer-record-')), 'contracts.json');
    writeFileSync(none, '{}\n');
    await expect(cli(['signer-balance', '--stage', 'production', '--rpc-url', anvil.rpcUrl, '--record', none])).rejects.toMatchObject({
      stderr: expect.stringContaining('production has no contract recorded'),
    });
  }, 60_000);

  it('reads the chain of the npm start that owns the data folder, as its runtime record names it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-signer-local-'));
    const { contractAddress } = await ensurePlaqueToken({
      publicBase: TEST_PUBLIC_BASE,
      rpcUrl: anvil.rpcUrl,
      deployerKey: ANVIL_DEV_KEY,
      recordFile: localContractRecordFile(dataDir),
    });
    // This test process stands in for npm start: its pid is alive, its record names the file's node.
    writeFileSync(
      runtimeRecordFile(dataDir),
      JSON.stringify({
        pid: process.pid,
        owner: 'npm start',
        startedAt: new Date().toISOString(),
        tableName: 'plaques',
        anvil: { rpcUrl: anvil.rpcUrl, port: anvil.port },
      }),
    );
    const { stdout } = await cli(['--data-dir', dataDir, 'signer-balance']);
    const dev = privateKeyToAccount(ANVIL_DEV_KEY).address;
    const balance = await client().getBalance({ address: dev });
    expect(stdout).toContain(`the local chain of ${dataDir}, PlaqueToken ${contractAddress}`);
    expect(stdout).toContain(`${dev} holds ${formatEther(balance)} ETH`);
  }, 60_000);

  it("starts the data folder's saved chain for the command when nothing runs there, and leaves the folder free", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-signer-saved-'));
    const saved = await startAnvil({ stateFile: join(dataDir, 'chain', 'state.json') });
    const { contractAddress } = await ensurePlaqueToken({
      publicBase: TEST_PUBLIC_BASE,
      rpcUrl: saved.rpcUrl,
      deployerKey: ANVIL_DEV_KEY,
      recordFile: localContractRecordFile(dataDir),
    });
    const dev = privateKeyToAccount(ANVIL_DEV_KEY).address;
    const savedClient = createPublicClient({ transport: http(saved.rpcUrl) });
    const balance = await savedClient.getBalance({ address: dev });
    await saved.savedThrough(await savedClient.getBlockNumber());
    await saved.stop();

    const { stdout } = await cli(['--data-dir', dataDir, 'signer-balance']);
    expect(stdout).toContain(`PlaqueToken ${contractAddress}`);
    expect(stdout).toMatch(new RegExp(`${dev} holds ${formatEther(balance).replace('.', '\\.')} ETH: \\d+ mints at [\\d.]+ gwei`));
    expect(runningRuntime(dataDir)).toBeNull();
  }, 90_000);

  it('tells to run npm start first when the data folder holds no local contract', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-signer-empty-'));
    await expect(cli(['--data-dir', dataDir, 'signer-balance'])).rejects.toMatchObject({
      stderr: expect.stringContaining('run npm start once'),
    });
  }, 60_000);
});
