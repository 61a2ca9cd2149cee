// The sample plaques' tokens on the local chain: recorded as owed before the plaques are written, minted in batches,
// forgotten once the saved chain holds them; a kill midway mints the rest on the next start, none twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { mintSampleTokens, recordSampleTokens, sampleTokensFile } from '#lib/local/sample-tokens.ts';
import { samplePlaques } from '#lib/plaques/sample-catalog.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';
import { mintsOf, withFaults } from '../delivery/fixtures.ts';

let anvil: RunningAnvil;
let chain: ChainPort;

beforeAll(async () => {
  anvil = await startAnvil({ stateFile: join(mkdtempSync(join(tmpdir(), 'plaque-sample-chain-')), 'state.json') });
  const contractAddress = await deployPlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, publicBase: TEST_PUBLIC_BASE });
  chain = createChainPort({ rpcUrl: anvil.rpcUrl, chainId: ANVIL_CHAIN_ID, contractAddress, signerKey: fixedSignerKey(ANVIL_DEV_KEY) });
});

afterAll(async () => {
  await anvil?.stop();
});

const stage = { placeholderImage: 'https://media.example/placeholder.png', contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3' };

describe('the sample plaques’ tokens', () => {
  it('mints every MINTED sample plaque’s token to its wallet, after a kill midway too, none twice, and forgets them once saved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-sample-'));
    const plaques = samplePlaques({ firstId: 1, count: 600, now: new Date(), stage });
    const minted = plaques.filter((p) => p.status === 'MINTED');
    expect(minted.length).toBeGreaterThan(100);
    recordSampleTokens(dataDir, plaques);

    // Killed after its first transaction was sent: nothing is forgotten.
    let sent = 0;
    const killed = withFaults(chain, {
      sendRawTransaction: async (real, raw) => {
        if (sent++ === 1) throw new Error('killed');
        return real(raw);
      },
    });
    await expect(mintSampleTokens(killed, dataDir, anvil.savedThrough)).rejects.toThrow('killed');
    expect(existsSync(sampleTokensFile(dataDir))).toBe(true);

    const saved: bigint[] = [];
    const result = await mintSampleTokens(chain, dataDir, async (block) => {
      saved.push(block);
      await anvil.savedThrough(block);
    });
    expect(result.owed).toBe(minted.length);
    expect(result.minted).toBe(minted.length - 100);
    expect(saved).toHaveLength(1);
    expect(existsSync(sampleTokensFile(dataDir))).toBe(false);
    for (const plaque of minted) {
      expect(await chain.balanceOf(getAddress(plaque.wallet_address!), BigInt(plaque.tokenId!))).toBe(1n);
    }
    for (const plaque of minted.slice(0, 5)) expect(await mintsOf(chain, BigInt(plaque.tokenId!), anvil.rpcUrl)).toBe(1);

    // Nothing owed: a later start sends nothing.
    expect(await mintSampleTokens(chain, dataDir, anvil.savedThrough)).toEqual({ owed: 0, minted: 0, transactions: 0 });
  }, 120_000);
});
