// Reading the contract without a signer: what lookups and prepares use when their context was given no chain port.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainReaderOf, configuredChainReader } from '#lib/chain/chain-port.ts';
import { ANVIL_DEV_KEY } from '#lib/chain/signer-key.ts';
import { chainConfig } from '#lib/config.ts';
import { createAppContext } from '#lib/runtime/context.ts';
import { sharedChain } from '../support/chain.ts';

describe('chainReaderOf', () => {
  // The configuration this file's first read parses: the run's shared contract (never minted on).
  beforeAll(() => {
    vi.stubEnv('CHAIN_RPC_URL', inject('rpcUrl'));
    vi.stubEnv('CONTRACT_ADDRESS', inject('contractAddress'));
  });
  afterAll(() => vi.unstubAllEnvs());

  it("answers the context's chain port when it has one", () => {
    const chain = sharedChain();
    expect(chainReaderOf(createAppContext({ chain }))).toBe(chain);
  });

  it('reads the configured contract through one reader per context, and builds no port', async () => {
    const ctx = createAppContext();
    const reader = chainReaderOf(ctx);
    expect(chainReaderOf(ctx)).toBe(reader);
    expect(ctx.chain).toBeUndefined();
    expect(reader.contractAddress).toBe(getAddress(inject('contractAddress')));
    expect(await reader.minterAddress()).toBe(privateKeyToAccount(ANVIL_DEV_KEY).address);
    expect(await reader.simulateMint(77n)).toEqual({ mintable: true });
  });
});

describe('configuredChainReader', () => {
  it('fails every use as the unconfigured port does when no chain is configured', async () => {
    const reader = configuredChainReader(chainConfig.parse({}));
    await expect(reader.simulateMint(1n)).rejects.toThrow('No chain configured: set CHAIN_RPC_URL and CONTRACT_ADDRESS');
  });
});
