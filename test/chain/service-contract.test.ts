// The service's contract address as code that only names the contract reads it: the context's chain port's when
// one was given, else the configured address, checksummed, without building a chain client.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort, unconfiguredChainPort } from '#lib/chain/chain-port.ts';
import { CHAIN_SETTINGS, configuredServiceContract, serviceContractOf } from '#lib/chain/service-contract.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { chainConfig } from '#lib/config.ts';
import { createAppContext } from '#lib/runtime/context.ts';

const CONFIGURED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const INJECTED = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

/** A port that is never called: building one sends nothing. */
const portOn = (contractAddress: string) =>
  createChainPort({ rpcUrl: 'http://127.0.0.1:9', chainId: ANVIL_CHAIN_ID, contractAddress, signerKey: fixedSignerKey(ANVIL_DEV_KEY) });

describe('serviceContractOf', () => {
  // Parsed once for this file, on the first read below: lower case, as an operator may write it.
  beforeAll(() => {
    vi.stubEnv('CHAIN_RPC_URL', 'http://127.0.0.1:9');
    vi.stubEnv('CONTRACT_ADDRESS', CONFIGURED.toLowerCase());
  });
  afterAll(() => vi.unstubAllEnvs());

  it("answers the injected chain port's contract rather than the configured one", () => {
    const ctx = createAppContext({ chain: portOn(INJECTED.toLowerCase()) });
    expect(serviceContractOf(ctx)).toBe(INJECTED);
  });

  it('answers the configured contract, checksummed, when the context has no chain port, and builds none', () => {
    const ctx = createAppContext();
    expect(serviceContractOf(ctx)).toBe(CONFIGURED);
    expect(ctx.chain).toBeUndefined();
  });
});

describe('configuredServiceContract', () => {
  it('checksums the configured address', () => {
    const config = chainConfig.parse({ CHAIN_RPC_URL: 'http://127.0.0.1:8545', CONTRACT_ADDRESS: CONFIGURED.toLowerCase() });
    expect(configuredServiceContract(config)).toBe(CONFIGURED);
  });

  it('needs the contract alone: naming it calls no chain, so no endpoint is asked for', () => {
    expect(configuredServiceContract(chainConfig.parse({ CONTRACT_ADDRESS: CONFIGURED.toLowerCase() }))).toBe(CONFIGURED);
    expect(() => configuredServiceContract(chainConfig.parse({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' }))).toThrow(
      'No chain configured: set CONTRACT_ADDRESS',
    );
    // The chain port, which calls the chain, wants both.
    expect(() => unconfiguredChainPort(CHAIN_SETTINGS).contractAddress).toThrow(
      'No chain configured: set CHAIN_RPC_URL and CONTRACT_ADDRESS',
    );
  });
});
