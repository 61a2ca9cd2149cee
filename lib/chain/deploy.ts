// Deploys PlaqueToken (compiled on demand) and, for the local runtime, remembers where: the first start deploys,
// later starts reuse the recorded address as long as the chain still holds the contract's code.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadPlaqueTokenArtifact } from '#lib/chain/compile-contract.ts';

/** Base URI of token metadata; `{id}` is the ERC-1155 placeholder for the hex token id. */
export const TOKEN_URI = 'https://plaques.dev/tokens/{id}.json';

export interface DeployOptions {
  rpcUrl: string;
  /** Pays for the deployment. */
  deployerKey: Hex;
  /** The contract's owner, the only account that may mint; the deployer when absent. */
  owner?: Address;
}

export async function deployPlaqueToken(options: DeployOptions): Promise<Address> {
  const artifact = loadPlaqueTokenArtifact();
  const account = privateKeyToAccount(options.deployerKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = {
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  };
  const wallet = createWalletClient({ account, chain, transport });
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [options.owner ?? account.address, TOKEN_URI],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`PlaqueToken deployment failed (${hash})`);
  return getAddress(receipt.contractAddress);
}

interface DeploymentRecord {
  chainId: number;
  contractAddress: Address;
  deployedAt: string;
}

/** Where the local runtime records its deployment: DATA_DIR/chain/contract.json. */
export const localContractRecordFile = (dataDir: string): string => resolve(dataDir, 'chain', 'contract.json');

/** The contract recorded in `recordFile` by an earlier deployment, without asking the chain; null when none is. */
export function recordedPlaqueToken(recordFile: string): Address | null {
  if (!existsSync(recordFile)) return null;
  return (JSON.parse(readFileSync(recordFile, 'utf8')) as DeploymentRecord).contractAddress;
}

/** The recorded contract when the chain still has it, else a fresh deployment, recorded in `recordFile`. */
export async function ensurePlaqueToken(
  options: DeployOptions & { recordFile: string },
): Promise<{ contractAddress: Address; deployed: boolean }> {
  const publicClient = createPublicClient({ transport: http(options.rpcUrl) });
  const chainId = await publicClient.getChainId();
  if (existsSync(options.recordFile)) {
    const record = JSON.parse(readFileSync(options.recordFile, 'utf8')) as DeploymentRecord;
    const code = record.chainId === chainId ? await publicClient.getCode({ address: record.contractAddress }) : undefined;
    if (code && code !== '0x') return { contractAddress: record.contractAddress, deployed: false };
  }
  const contractAddress = await deployPlaqueToken(options);
  mkdirSync(dirname(options.recordFile), { recursive: true });
  const record: DeploymentRecord = { chainId, contractAddress, deployedAt: new Date().toISOString() };
  writeFileSync(options.recordFile, `${JSON.stringify(record, null, 2)}\n`);
  return { contractAddress, deployed: true };
}
