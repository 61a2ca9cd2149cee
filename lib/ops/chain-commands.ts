// `deploy-contract`, `set-token-uri` and `rotate-signer`: the stage's PlaqueToken on its chain, signed with the key in
// the stage's signer secret. The deployment is recorded in infra/contracts.json (see lib/chain/contract-record.ts for
// why there). `set-token-uri` without a stage points the local data folder's contract.
import { resolve } from 'node:path';
import { createPublicClient, createWalletClient, formatEther, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployOrResume } from '#lib/chain/resumable-deploy.ts';
import { checkedPublicBase, setMetadataUris, type MetadataUrisSet } from '#lib/chain/metadata-uris.ts';
import {
  CONTRACT_RECORD_FILE,
  readContractRecords,
  readPendingDeployment,
  writeContractRecord,
  writePendingDeployment,
  type RecordedContract,
} from '#lib/chain/contract-record.ts';
import { MINTER_ROLE, plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { DEFAULT_ADMIN_ROLE, plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { ANVIL_DEV_KEY, parsePrivateKey } from '#lib/chain/signer-key.ts';
import { lastServedAddress } from '#lib/local/runtime-record.ts';
import { localChain } from '#lib/ops/signer-balance.ts';
import type { SecretStore } from '#lib/ops/secret-store.ts';
import { secretIdOf, STAGE_CHAIN_IDS, type StageName } from '#lib/ops/stage-secrets.ts';

interface ChainCommandOptions {
  stage: StageName;
  rpcUrl: string;
  store: SecretStore;
  /** Blocks to wait for on top of the including one (default 2; 0: included). */
  confirmations?: number;
  /** The contract record file (default infra/contracts.json). */
  recordFile?: string;
  /** Milliseconds between receipt polls (default: viem's 4000). */
  pollingIntervalMs?: number;
}

/** The stage's current signer key; a placeholder secret means `init-stage` has not filled it yet. */
async function stageSignerKey(store: SecretStore, stage: StageName): Promise<Hex> {
  const secretId = secretIdOf(stage, 'chainSigner');
  const text = await store.read(secretId);
  try {
    return parsePrivateKey(text ?? '');
  } catch {
    throw new Error(`${secretId} holds no signer key yet: run npm run ops -- init-stage --stage ${stage} --signer-key-file <file> first`);
  }
}

async function assertFunded(rpcUrl: string, address: Address): Promise<void> {
  const balance = await createPublicClient({ transport: http(rpcUrl) }).getBalance({ address });
  if (balance === 0n)
    throw new Error(`the signer ${address} holds no funds on this chain: send it some to pay for gas, then run this again`);
}

export interface DeployContractOptions extends ChainCommandOptions {
  /** The stage's public base URL (custom domain, else API stage URL): the contract names its metadata there. */
  publicBase: string;
  /** DEFAULT_ADMIN_ROLE holder (e.g. a multisig); the signer when absent. */
  admin?: Address;
  /** Deploy even though the stage has a contract recorded (its tokens stay on the old one). */
  replace?: boolean;
  /** Replace a pending deployment (a stuck one) rather than wait for it: same nonce, higher fees. */
  replacePending?: boolean;
  /** The chain the RPC endpoint must serve: the stage's (STAGE_CHAIN_IDS) unless a rehearsal names its local chain. */
  chainId?: number;
  /** Progress while sending and waiting (the transaction hash at once, then a line every few seconds). */
  onProgress?: (line: string) => void;
  /** Milliseconds between progress lines (default 5000). */
  progressIntervalMs?: number;
}

/** Throws, naming both ids, unless the RPC endpoint serves the chain `expected`. */
async function assertChain(rpcUrl: string, expected: number, what: string): Promise<void> {
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
  if (chainId !== expected) throw new Error(`the RPC endpoint serves chain ${chainId}, but ${what} is on chain ${expected}`);
}

export async function deployContract(options: DeployContractOptions): Promise<RecordedContract & { balance: string; resumed: boolean }> {
  const publicBase = checkedPublicBase(options.publicBase);
  const recordFile = options.recordFile ?? CONTRACT_RECORD_FILE;
  const existing = readContractRecords(recordFile)[options.stage];
  // A run killed between recording the contract and dropping its pending entry left the entry: it is done.
  if (existing && readPendingDeployment(options.stage, recordFile)?.txHash === existing.txHash) {
    writePendingDeployment(options.stage, null, recordFile);
  }
  if (existing && !options.replace) {
    throw new Error(
      `${options.stage} already has PlaqueToken at ${existing.contractAddress} (chain ${existing.chainId}): its tokens live there. ` +
        'Give --replace to deploy another one anyway.',
    );
  }
  const expected = options.chainId ?? STAGE_CHAIN_IDS[options.stage];
  await assertChain(options.rpcUrl, expected, options.chainId === undefined ? `the ${options.stage} stage` : 'the rehearsal');
  const key = await stageSignerKey(options.store, options.stage);
  const signer = privateKeyToAccount(key).address;
  const deployment = await deployOrResume({
    stage: options.stage,
    recordFile,
    rpcUrl: options.rpcUrl,
    deployerKey: key,
    minter: signer,
    publicBase,
    ...(options.admin && { admin: getAddress(options.admin) }),
    confirmations: options.confirmations ?? 2,
    ...(options.replacePending && { replacePending: true }),
    ...(options.pollingIntervalMs !== undefined && { pollingIntervalMs: options.pollingIntervalMs }),
    ...(options.progressIntervalMs !== undefined && { progressIntervalMs: options.progressIntervalMs }),
    onProgress: options.onProgress ?? (() => undefined),
  });
  const record: RecordedContract = {
    chainId: deployment.chainId,
    contractAddress: deployment.contractAddress,
    txHash: deployment.txHash,
    blockNumber: Number(deployment.blockNumber),
    admin: deployment.admin,
    minter: deployment.minter,
    deployedAt: new Date().toISOString(),
    // The base the contract was deployed with: a replaced deployment mined instead may name an earlier one.
    publicBase: deployment.publicBase,
  };
  // The contract first, then the pending entry goes: a kill between the two leaves an entry the next run finds mined.
  writeContractRecord(options.stage, record, recordFile);
  writePendingDeployment(options.stage, null, recordFile);
  const balance = await createPublicClient({ transport: http(options.rpcUrl) }).getBalance({ address: signer });
  return { ...record, balance: formatEther(balance), resumed: deployment.resumed };
}

export interface SetTokenUriOptions extends ChainCommandOptions {
  /** The new public base URL; the recorded one when absent (setting it again). */
  base?: string;
  /** The admin's key when the admin is not the stage's signer (read from a file by the caller). */
  adminKeyText?: string;
}

/**
 * Points the stage's contract at `<base>/tokens/{id}.json` and `<base>/contract.json` (admin role), and records the base.
 * A contract deployed before the URIs could be set refuses: it is replaced by deploy-contract --replace (infra/DEPLOY.md).
 */
export async function setTokenUri(options: SetTokenUriOptions): Promise<MetadataUrisSet & { contractAddress: Address }> {
  const record = readContractRecords(options.recordFile)[options.stage];
  if (!record)
    throw new Error(`${options.stage} has no contract recorded: run npm run ops -- deploy-contract --stage ${options.stage} first`);
  const base = options.base ?? record.publicBase;
  if (!base) throw new Error(`${options.stage} has no public base recorded: give --base <url> (the stack output PublicBaseUrl)`);
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  if (chainId !== record.chainId)
    throw new Error(`the RPC endpoint is chain ${chainId}, but the ${options.stage} contract is on chain ${record.chainId}`);
  const adminKey = options.adminKeyText ? parsePrivateKey(options.adminKeyText) : await stageSignerKey(options.store, options.stage);
  const set = await setMetadataUris({
    rpcUrl: options.rpcUrl,
    contractAddress: record.contractAddress,
    adminKey,
    base,
    // viem counts the including block as the first confirmation.
    confirmations: (options.confirmations ?? 2) + 1,
    ...(options.pollingIntervalMs !== undefined && { pollingIntervalMs: options.pollingIntervalMs }),
  });
  writeContractRecord(options.stage, { ...record, publicBase: checkedPublicBase(base) }, options.recordFile);
  return { ...set, contractAddress: record.contractAddress };
}

/**
 * Points the local data folder's contract at `<base>/tokens/{id}.json` and `<base>/contract.json`, signed by anvil's
 * first dev account (its admin, as `npm start` deploys it), on the running `npm start`'s chain or one started over the
 * folder's for the command. `base` defaults to the address the folder is served on, which `npm start` sets at every
 * start anyway.
 */
export async function setLocalTokenUri(options: {
  dataDir: string;
  tableName: string;
  base?: string;
}): Promise<MetadataUrisSet & { contractAddress: Address; describe: string }> {
  const folder = resolve(options.dataDir);
  const base = options.base ?? lastServedAddress(folder);
  if (!base) throw new Error(`${folder} was never served: give --base <url>, or run npm start once`);
  const publicBase = checkedPublicBase(base);
  const target = await localChain(folder, options.tableName);
  try {
    const set = await setMetadataUris({
      rpcUrl: target.rpcUrl,
      contractAddress: target.contractAddress,
      adminKey: ANVIL_DEV_KEY,
      base: publicBase,
      // anvil mines the transaction as it comes.
      pollingIntervalMs: 250,
    });
    return { ...set, contractAddress: target.contractAddress, describe: target.describe };
  } finally {
    await target.close();
  }
}

export interface RotateSignerOptions extends ChainCommandOptions {
  /** The new signer's key (read from a file or stdin by the caller). */
  newKeyText: string;
  /** The admin's key when the admin is not the current signer (read from a file by the caller). */
  adminKeyText?: string;
}

export interface SignerRotation {
  contractAddress: Address;
  next: Address;
  admin: Address;
  granted: Hex | null;
  /** Every other account that held MINTER_ROLE, and the transaction that revoked it. */
  revoked: { account: Address; txHash: Hex }[];
}

/**
 * Grants MINTER_ROLE to the new signer, puts its key in the stage's secret, then revokes the role of every other
 * holder (the old signer): afterwards the new signer alone mints. The admin role does not move. Each step is skipped
 * when already done, so a rotation cut short is finished by running the command again with the same new key (the
 * admin's key then given with `adminKeyText` when the admin was the old signer).
 */
export async function rotateSigner(options: RotateSignerOptions): Promise<SignerRotation> {
  const record = readContractRecords(options.recordFile)[options.stage];
  if (!record)
    throw new Error(`${options.stage} has no contract recorded: run npm run ops -- deploy-contract --stage ${options.stage} first`);
  let nextKey: Hex;
  try {
    nextKey = parsePrivateKey(options.newKeyText);
  } catch {
    throw new Error('the new signer key is not a 32-byte hex private key');
  }
  const secretId = secretIdOf(options.stage, 'chainSigner');
  const stored = await options.store.read(secretId);
  let currentKey: Hex | null = null;
  try {
    currentKey = parsePrivateKey(stored ?? '');
  } catch {
    throw new Error(`${secretId} holds no signer key: nothing to rotate (use init-stage to fill it)`);
  }
  const next = privateKeyToAccount(nextKey).address;
  const adminKey = options.adminKeyText ? parsePrivateKey(options.adminKeyText) : currentKey;
  const admin = privateKeyToAccount(adminKey);

  const transport = http(options.rpcUrl);
  const polling = options.pollingIntervalMs !== undefined ? { pollingInterval: options.pollingIntervalMs } : {};
  const client = createPublicClient({ transport, ...polling });
  const chainId = await client.getChainId();
  if (chainId !== record.chainId)
    throw new Error(`the RPC endpoint is chain ${chainId}, but the ${options.stage} contract is on chain ${record.chainId}`);
  const contract = { address: record.contractAddress, abi: plaqueTokenAdminAbi } as const;
  const hasRole = (role: Hex, account: Address) => client.readContract({ ...contract, functionName: 'hasRole', args: [role, account] });
  if (!(await hasRole(DEFAULT_ADMIN_ROLE, admin.address))) {
    throw new Error(`${admin.address} is not the contract's admin: give the admin's key with --admin-key-file <file>`);
  }
  const wallet = createWalletClient({
    account: admin,
    transport,
    chain: {
      id: chainId,
      name: `chain-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    },
    ...polling,
  });
  const confirmed = async (hash: Hex): Promise<Hex> => {
    const receipt = await client.waitForTransactionReceipt({ hash, confirmations: (options.confirmations ?? 2) + 1, timeout: 600_000 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return hash;
  };

  let granted: Hex | null = null;
  if (!(await hasRole(MINTER_ROLE, next))) {
    await assertFunded(options.rpcUrl, admin.address);
    granted = await confirmed(await wallet.writeContract({ ...contract, functionName: 'grantRole', args: [MINTER_ROLE, next] }));
  }
  if (currentKey !== nextKey) await options.store.write(secretId, nextKey);
  const revoked: SignerRotation['revoked'] = [];
  const holders = await client.readContract({
    address: record.contractAddress,
    abi: plaqueTokenAbi,
    functionName: 'getRoleMembers',
    args: [MINTER_ROLE],
  });
  for (const holder of holders.map((h) => getAddress(h)).filter((h) => h !== next)) {
    revoked.push({
      account: holder,
      txHash: await confirmed(await wallet.writeContract({ ...contract, functionName: 'revokeRole', args: [MINTER_ROLE, holder] })),
    });
  }
  writeContractRecord(options.stage, { ...record, minter: next }, options.recordFile);
  return { contractAddress: record.contractAddress, next, admin: admin.address, granted, revoked };
}
