// Deploys PlaqueToken (compiled on demand) and, for the local runtime, remembers where: the first start deploys,
// later starts reuse the recorded address as long as the chain still holds the contract's code and that code has
// roles, settable metadata URIs, batch mints and ERC-4906 announcements (an older PlaqueToken, Ownable, with a fixed URI,
// minting one token a transaction or announcing no metadata change, is replaced: the record names it, so stored records
// can move to the new one).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createPublicClient,
  encodeAbiParameters,
  encodeDeployData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import { loadPlaqueTokenArtifact } from '#lib/chain/compile-contract.ts';
import type { DeploymentRecord } from '#lib/chain/local-deployment.ts';
import { answersInterface } from '#lib/chain/contract-interfaces.ts';
import { operatorClients } from '#lib/chain/operator-clients.ts';
import { checkedPublicBase, hasSettableUris, metadataUrisOf } from '#lib/chain/metadata-uris.ts';
import { ACCESS_CONTROL_INTERFACE_ID, BATCH_MINT_INTERFACE_ID, METADATA_UPDATE_INTERFACE_ID } from '#lib/chain/plaque-token-admin-abi.ts';

export interface DeployOptions {
  rpcUrl: string;
  /** Pays for the deployment. */
  deployerKey: Hex;
  /** Holds DEFAULT_ADMIN_ROLE (grants and revokes the minter); the deployer when absent. */
  admin?: Address;
  /** Holds MINTER_ROLE (the service's signer); the deployer when absent. */
  minter?: Address;
  /** The stage's public base URL: the contract names `<base>/tokens/{id}.json` and `<base>/contract.json`. */
  publicBase: string;
  /** Blocks to wait for on top of the one that includes the deployment (1: included). */
  confirmations?: number;
  /** Milliseconds between receipt polls (viem's default: 4000). */
  pollingIntervalMs?: number;
}

export interface Deployment {
  chainId: number;
  contractAddress: Address;
  txHash: Hex;
  blockNumber: bigint;
  admin: Address;
  minter: Address;
}

/** Deploys the contract and waits for `confirmations` blocks; throws when the deployment reverts. */
async function deployPlaqueTokenContract(options: DeployOptions): Promise<Deployment> {
  const artifact = loadPlaqueTokenArtifact();
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  const { publicClient, wallet } = operatorClients(options.rpcUrl, chainId, options.deployerKey, options.pollingIntervalMs);
  const deployer = wallet.account.address;
  const admin = getAddress(options.admin ?? deployer);
  const minter = getAddress(options.minter ?? deployer);
  const uris = metadataUrisOf(checkedPublicBase(options.publicBase));
  const txHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [admin, minter, uris.uri, uris.contractURI],
  });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash: txHash,
    confirmations: options.confirmations ?? 1,
    timeout: 600_000,
  });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`PlaqueToken deployment failed (${txHash})`);
  return { chainId, contractAddress: getAddress(receipt.contractAddress), txHash, blockNumber: receipt.blockNumber, admin, minter };
}

export interface SignedDeployment {
  chainId: number;
  deployer: Address;
  nonce: number;
  txHash: Hex;
  rawTransaction: Hex;
  /** Where the contract lands once mined (the deployer's address and the nonce decide it). */
  contractAddress: Address;
  /** keccak256 of the ABI-encoded constructor arguments. */
  argsDigest: Hex;
  admin: Address;
  minter: Address;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** keccak256 of the constructor arguments a deployment for these roles and this public base carries. */
export function deploymentArgsDigest(admin: Address, minter: Address, publicBase: string): Hex {
  const uris = metadataUrisOf(checkedPublicBase(publicBase));
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'string' }, { type: 'string' }],
      [admin, minter, uris.uri, uris.contractURI],
    ),
  );
}

/** What a deployment that replaces a pending one must keep and outbid: its nonce, and its fees by a quarter more. */
export interface Replacing {
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const outbid = (fee: bigint | undefined, pending: bigint): bigint => {
  const raised = (pending * 125n) / 100n + 1n;
  return fee !== undefined && fee > raised ? fee : raised;
};

/**
 * Signs the deployment without sending it, so the caller can record it first (its hash is known before any node sees
 * it). `replacing` signs it with a pending deployment's nonce and higher fees: only one of the two can be mined.
 */
export async function signPlaqueTokenDeployment(
  options: Omit<DeployOptions, 'confirmations' | 'pollingIntervalMs'> & { replacing?: Replacing },
): Promise<SignedDeployment> {
  const artifact = loadPlaqueTokenArtifact();
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  const { wallet } = operatorClients(options.rpcUrl, chainId, options.deployerKey);
  const deployer = wallet.account.address;
  const admin = getAddress(options.admin ?? deployer);
  const minter = getAddress(options.minter ?? deployer);
  const uris = metadataUrisOf(checkedPublicBase(options.publicBase));
  const args = [admin, minter, uris.uri, uris.contractURI] as const;
  const prepared = await wallet.prepareTransactionRequest({
    data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }),
    type: 'eip1559',
    ...(options.replacing && { nonce: options.replacing.nonce }),
  });
  const maxFeePerGas = options.replacing ? outbid(prepared.maxFeePerGas, options.replacing.maxFeePerGas) : prepared.maxFeePerGas;
  const maxPriorityFeePerGas = options.replacing
    ? outbid(prepared.maxPriorityFeePerGas, options.replacing.maxPriorityFeePerGas)
    : prepared.maxPriorityFeePerGas;
  const rawTransaction = await wallet.signTransaction({ ...prepared, maxFeePerGas, maxPriorityFeePerGas });
  return {
    chainId,
    deployer,
    nonce: prepared.nonce,
    txHash: keccak256(rawTransaction),
    rawTransaction,
    contractAddress: getContractAddress({ from: deployer, nonce: BigInt(prepared.nonce) }),
    argsDigest: deploymentArgsDigest(admin, minter, options.publicBase),
    admin,
    minter,
    maxFeePerGas,
    maxPriorityFeePerGas,
  };
}

export async function deployPlaqueToken(options: DeployOptions): Promise<Address> {
  return (await deployPlaqueTokenContract(options)).contractAddress;
}

/** Whether `address` holds a PlaqueToken with roles (MINTER_ROLE); false for no code or an older, Ownable one. */
export const hasMinterRole = (rpcUrl: string, address: Address): Promise<boolean> =>
  answersInterface(rpcUrl, address, ACCESS_CONTROL_INTERFACE_ID);

/** Whether `address` holds a PlaqueToken that mints many tokens a transaction (`mintMany`); false for an older one. */
const mintsInBatches = (rpcUrl: string, address: Address): Promise<boolean> => answersInterface(rpcUrl, address, BATCH_MINT_INTERFACE_ID);

/** Whether `address` holds a PlaqueToken that announces metadata changes (ERC-4906's `announceMetadata`). */
const announcesMetadata = (rpcUrl: string, address: Address): Promise<boolean> =>
  answersInterface(rpcUrl, address, METADATA_UPDATE_INTERFACE_ID);

/** Whether `address` holds the current PlaqueToken: roles, settable metadata URIs, batch mints and ERC-4906. */
const isCurrentPlaqueToken = async (rpcUrl: string, address: Address): Promise<boolean> =>
  (await hasMinterRole(rpcUrl, address)) &&
  (await hasSettableUris(rpcUrl, address)) &&
  (await mintsInBatches(rpcUrl, address)) &&
  (await announcesMetadata(rpcUrl, address));

export interface EnsuredPlaqueToken {
  contractAddress: Address;
  deployed: boolean;
  /** The recorded contract this deployment replaced: records naming it must move to `contractAddress`. */
  replaced: Address | null;
}

/**
 * The recorded contract when the chain still has it as the current PlaqueToken, else a fresh deployment, recorded in
 * `recordFile`. A recorded contract that is still there but older (no MINTER_ROLE, a URI fixed at deployment, no
 * `mintMany`, or no ERC-4906 `announceMetadata`) is
 * replaced, and named in the record as `replaced` until `forgetReplacedContract` says its records moved. The tokens
 * minted on it stay there, with the URI it names.
 */
export async function ensurePlaqueToken(options: DeployOptions & { recordFile: string }): Promise<EnsuredPlaqueToken> {
  const publicClient = createPublicClient({ transport: http(options.rpcUrl) });
  const chainId = await publicClient.getChainId();
  let replaced: Address | null = null;
  if (existsSync(options.recordFile)) {
    const record = JSON.parse(readFileSync(options.recordFile, 'utf8')) as DeploymentRecord;
    if (record.chainId === chainId) {
      if (await isCurrentPlaqueToken(options.rpcUrl, record.contractAddress)) {
        return { contractAddress: record.contractAddress, deployed: false, replaced: record.replaced ?? null };
      }
      const code = await publicClient.getCode({ address: record.contractAddress });
      if (code && code !== '0x') replaced = record.contractAddress;
    }
  }
  const contractAddress = await deployPlaqueToken(options);
  writeRecord(options.recordFile, { chainId, contractAddress, deployedAt: new Date().toISOString(), ...(replaced && { replaced }) });
  return { contractAddress, deployed: true, replaced };
}

/** Drops the record's `replaced` once every stored record names the current contract. */
export function forgetReplacedContract(recordFile: string): void {
  const { replaced: _done, ...record } = JSON.parse(readFileSync(recordFile, 'utf8')) as DeploymentRecord;
  writeRecord(recordFile, record);
}

function writeRecord(recordFile: string, record: DeploymentRecord): void {
  mkdirSync(dirname(recordFile), { recursive: true });
  writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
}
