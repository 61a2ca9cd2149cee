// Chain ports on the run's anvil node: the shared contract (read-only use), or a contract of the test file's own,
// deployed by a fresh signer, for tests that mint (token ids then never collide across files).
import { inject } from 'vitest';
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { TEST_PUBLIC_BASE } from './factories.ts';

/** The contract deployed for the run (owner: anvil's first dev account). Never mint on it. */
export function sharedChain(): ChainPort {
  return createChainPort({
    rpcUrl: inject('rpcUrl'),
    chainId: ANVIL_CHAIN_ID,
    contractAddress: inject('contractAddress'),
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
  });
}

export interface OwnChain {
  chain: ChainPort;
  signerKey: Hex;
  owner: Address;
}

/** A new signer (funded with anvil's cheat call, so no shared account's nonce is touched) and its own contract. */
export async function ownChain(): Promise<OwnChain> {
  const rpcUrl = inject('rpcUrl');
  const signerKey = generatePrivateKey();
  const owner = privateKeyToAccount(signerKey).address;
  const client = createPublicClient({ transport: http(rpcUrl) });
  await client.request({ method: 'anvil_setBalance' as never, params: [owner, '0x56BC75E2D63100000'] as never });
  const contractAddress = await deployPlaqueToken({ rpcUrl, deployerKey: signerKey, publicBase: TEST_PUBLIC_BASE });
  return {
    chain: createChainPort({ rpcUrl, chainId: ANVIL_CHAIN_ID, contractAddress, signerKey: fixedSignerKey(signerKey) }),
    signerKey,
    owner,
  };
}

/** A wallet client for another funded account, to act on the contract as someone who is not its owner. */
export async function stranger() {
  const rpcUrl = inject('rpcUrl');
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  const client = createPublicClient({ transport: http(rpcUrl) });
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, '0x56BC75E2D63100000'] as never });
  return { key, address: account.address, wallet: createWalletClient({ account, transport: http(rpcUrl) }) };
}
