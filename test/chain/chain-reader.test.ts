// Reading the contract without a signer: what lookups and prepares use when their context was given no chain port.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { configuredChainReader } from '#lib/chain/chain-port.ts';
import { ANVIL_DEV_KEY } from '#lib/chain/signer-key.ts';
import { chainConfig } from '#lib/config.ts';
import { sharedChain } from '../support/chain.ts';

describe('chainReaderOf', () => {
  // The configuration the first read below parses, by modules loaded afresh after the stubs (a worker runs file after
  // file, test/vitest.config.ts, and another may have read it before): the run's shared contract (never minted on).
  let fresh: typeof import('#lib/runtime/context.ts') & typeof import('#lib/chain/chain-port.ts');
  beforeAll(async () => {
    vi.stubEnv('CHAIN_RPC_URL', inject('rpcUrl'));
    vi.stubEnv('CONTRACT_ADDRESS', inject('contractAddress'));
    vi.resetModules();
    fresh = { ...(await import('#lib/runtime/context.ts')), ...(await import('#lib/chain/chain-port.ts')) };
  });
  // And afresh again for the files the worker runs next, which must not read this file's stubs.
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("answers the context's chain port when it has one", () => {
    const chain = sharedChain();
    expect(fresh.chainReaderOf(fresh.createAppContext({ chain }))).toBe(chain);
  });

  it('reads the configured contract through one reader per context, and builds no port', async () => {
    const ctx = fresh.createAppContext();
    const reader = fresh.chainReaderOf(ctx);
    expect(fresh.chainReaderOf(ctx)).toBe(reader);
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
