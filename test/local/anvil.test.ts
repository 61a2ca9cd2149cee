// The local chain as `npm start` runs it: anvil with its state in a file, the contract deployed on the first start
// and found again on the next.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { ensurePlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';

const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let running: RunningAnvil | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function start(dir: string) {
  running = await startAnvil({ stateFile: join(dir, 'state.json') });
  const { contractAddress, deployed } = await ensurePlaqueToken({
    rpcUrl: running.rpcUrl,
    deployerKey: ANVIL_DEV_KEY,
    publicBase: TEST_PUBLIC_BASE,
    recordFile: join(dir, 'contract.json'),
  });
  const chain = createChainPort({
    rpcUrl: running.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    contractAddress,
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
  });
  return { chain, deployed };
}

describe('local chain', () => {
  it('deploys on the first start and keeps contract and tokens across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaque-chain-'));
    const first = await start(dir);
    expect(first.deployed).toBe(true);
    await first.chain.waitForReceipt(await first.chain.sendMint(BUYER, 9n));
    await running!.stop();

    const second = await start(dir);
    expect(second.deployed).toBe(false);
    expect(second.chain.contractAddress).toBe(first.chain.contractAddress);
    expect(await second.chain.balanceOf(BUYER, 9n)).toBe(1n);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every saved block when it is killed (SIGKILL): the state is saved after each block', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaque-chain-'));
    const first = await start(dir);
    const receipt = await first.chain.waitForReceipt(await first.chain.sendMint(BUYER, 11n));
    await running!.savedThrough(receipt.blockNumber);
    running!.process.kill('SIGKILL');
    await running!.stop();

    const second = await start(dir);
    expect(second.deployed).toBe(false);
    expect(await second.chain.balanceOf(BUYER, 11n)).toBe(1n);
    rmSync(dir, { recursive: true, force: true });
  });

  it('deploys again when the recorded contract is gone from the chain (state file lost)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaque-chain-'));
    await start(dir);
    await running!.stop();
    rmSync(join(dir, 'state.json'));

    const again = await start(dir);
    expect(again.deployed).toBe(true);
    expect(await again.chain.simulateMint(9n)).toEqual({ mintable: true });
    rmSync(dir, { recursive: true, force: true });
  });
});
