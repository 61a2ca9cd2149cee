// A stage's PlaqueToken deployment that survives being cut short: the transaction is signed, recorded as pending
// beside the contract record (contract-record.ts), then sent, and waited for with a line of progress every few
// seconds. A later run finds the pending entry and resumes from it instead of sending a second deployment, which on
// a main network is real gas and a second contract.
import {
  createPublicClient,
  formatEther,
  getAddress,
  http,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  deploymentArgsDigest,
  signPlaqueTokenDeployment,
  type DeployOptions,
  type Deployment,
  type SignedDeployment,
} from '#lib/chain/deploy.ts';
import {
  pendingDeploymentFile,
  readPendingDeployment,
  writePendingDeployment,
  type PendingDeployment,
} from '#lib/chain/contract-record.ts';

export interface ResumableDeployOptions extends Omit<DeployOptions, 'confirmations'> {
  stage: string;
  /** The contract record; the pending entry lives beside it. */
  recordFile: string;
  /** Blocks to wait for on top of the including one (0: included). */
  confirmations: number;
  /** Sign a new deployment with the pending one's nonce and higher fees (a stuck one): only one of them can be mined. */
  replacePending?: boolean;
  /** Milliseconds between a progress line and the next (default 5000); the first comes at once. */
  progressIntervalMs?: number;
  onProgress: (line: string) => void;
}

/** What became of a recorded deployment transaction. */
type PendingState =
  | { kind: 'mined'; receipt: TransactionReceipt }
  /** The node holds it, not mined yet. */
  | { kind: 'waiting' }
  /** Neither held nor mined, and the deployer's nonce is still free: it can be sent (again) as it is. */
  | { kind: 'unseen' }
  /** Not mined, and the deployer's nonce went to another transaction: it never will be. */
  | { kind: 'dropped'; nonceNow: number }
  /** A deployment it replaced was mined instead (same nonce): that one is the contract. */
  | { kind: 'replaced-mined'; receipt: TransactionReceipt; replaced: NonNullable<PendingDeployment['replaces']>[number] };

const notFound = (error: unknown): null => {
  if (error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError) return null;
  throw error;
};

async function stateOf(client: PublicClient, pending: PendingDeployment): Promise<PendingState> {
  const receipt = await client.getTransactionReceipt({ hash: pending.txHash }).catch(notFound);
  if (receipt) return { kind: 'mined', receipt };
  if (await client.getTransaction({ hash: pending.txHash }).catch(notFound)) return { kind: 'waiting' };
  const nonceNow = await client.getTransactionCount({ address: pending.deployer, blockTag: 'latest' });
  if (nonceNow <= pending.nonce) return { kind: 'unseen' };
  // Mined between the two reads?
  const late = await client.getTransactionReceipt({ hash: pending.txHash }).catch(notFound);
  if (late) return { kind: 'mined', receipt: late };
  for (const replaced of pending.replaces ?? []) {
    const receipt = await client.getTransactionReceipt({ hash: replaced.txHash }).catch(notFound);
    if (receipt) return { kind: 'replaced-mined', receipt, replaced };
  }
  return { kind: 'dropped', nonceNow };
}

/** Sends the signed transaction; a node that already holds it, or has mined its nonce, is no failure here. */
async function broadcast(client: PublicClient, raw: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    if (!/already known|already imported|known transaction|nonce too low|already been used/i.test(String(error))) throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the pending deployment is mined with `confirmations` blocks on top, reporting as it goes. */
async function awaitDeployment(
  client: PublicClient,
  pending: PendingDeployment,
  options: Pick<ResumableDeployOptions, 'confirmations' | 'pollingIntervalMs' | 'progressIntervalMs' | 'onProgress'>,
): Promise<TransactionReceipt> {
  let reported = -Infinity;
  for (;;) {
    const state = await stateOf(client, pending);
    const head = await client.getBlockNumber();
    if (state.kind === 'dropped') {
      throw new Error(
        `the deployment ${pending.txHash} was dropped: the deployer's nonce ${pending.nonce} went to another transaction. ` +
          'Run the command again: it says so and deploys anew',
      );
    }
    if (state.kind === 'mined' || state.kind === 'replaced-mined') {
      if (state.receipt.status !== 'success' || !state.receipt.contractAddress) {
        throw new Error(
          `the deployment ${state.receipt.transactionHash} reverted in block ${state.receipt.blockNumber}: run the command again to deploy anew`,
        );
      }
      if (head >= state.receipt.blockNumber + BigInt(options.confirmations)) return state.receipt;
    }
    if (state.kind === 'unseen') await broadcast(client, pending.rawTransaction);
    const line =
      state.kind === 'mined' || state.kind === 'replaced-mined'
        ? `mined in block ${state.receipt.blockNumber}: waiting for block ${state.receipt.blockNumber + BigInt(options.confirmations)}, chain at ${head}`
        : state.kind === 'unseen'
          ? `the node did not hold the transaction: sent it again (same nonce ${pending.nonce}), chain at ${head}`
          : `waiting for the transaction to be mined, chain at ${head}`;
    if (Date.now() - reported >= (options.progressIntervalMs ?? 5000)) {
      options.onProgress(line);
      reported = Date.now();
    }
    await sleep(options.pollingIntervalMs ?? 2000);
  }
}

/** The pending entry of a signed deployment. */
export const pendingEntryOf = (signed: SignedDeployment, publicBase: string): PendingDeployment => ({
  chainId: signed.chainId,
  txHash: signed.txHash,
  rawTransaction: signed.rawTransaction,
  deployer: signed.deployer,
  nonce: signed.nonce,
  contractAddress: signed.contractAddress,
  argsDigest: signed.argsDigest,
  admin: signed.admin,
  minter: signed.minter,
  publicBase,
  maxFeePerGas: signed.maxFeePerGas.toString(),
  maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
  signedAt: new Date().toISOString(),
});

/** Refuses a pending deployment the options would not have made: another chain, deployer or constructor arguments. */
function assertSameDeployment(pending: PendingDeployment, options: ResumableDeployOptions, chainId: number, file: string): void {
  const deployer = privateKeyToAccount(options.deployerKey).address;
  const admin = getAddress(options.admin ?? deployer);
  const minter = getAddress(options.minter ?? deployer);
  const differs =
    pending.chainId !== chainId
      ? `chain ${pending.chainId}, the endpoint serves ${chainId}`
      : pending.deployer !== deployer
        ? `deployer ${pending.deployer}, the stage's signer is ${deployer}`
        : pending.argsDigest !== deploymentArgsDigest(admin, minter, options.publicBase)
          ? `admin ${pending.admin}, minter ${pending.minter}, base ${pending.publicBase}`
          : null;
  if (differs) {
    throw new Error(
      `${file} holds a pending ${options.stage} deployment ${pending.txHash} made with other values (${differs}): ` +
        'run again with the same ones to finish it, or give --replace-pending to replace it',
    );
  }
}

/**
 * Deploys PlaqueToken for a stage, or finishes the deployment a run cut short left pending: taken as it is when it was
 * mined, waited for while it is pending, sent again when the chain never saw it, and deployed anew (said so) only
 * when its nonce went to another transaction. `replacePending` replaces a pending one instead. The caller records
 * the contract and then drops the pending entry.
 */
export async function deployOrResume(options: ResumableDeployOptions): Promise<Deployment & { resumed: boolean; publicBase: string }> {
  const polling = options.pollingIntervalMs !== undefined ? { pollingInterval: options.pollingIntervalMs } : {};
  const client = createPublicClient({ transport: http(options.rpcUrl), ...polling }) as PublicClient;
  const chainId = await client.getChainId();
  const file = pendingDeploymentFile(options.recordFile);
  let pending = readPendingDeployment(options.stage, options.recordFile);
  let replacing: PendingDeployment | null = null;
  if (pending) {
    const state = await stateOf(client, pending);
    if (state.kind === 'mined' && state.receipt.status !== 'success') {
      options.onProgress(`The pending deployment ${pending.txHash} reverted in block ${state.receipt.blockNumber}: deploying again.`);
      pending = null;
    } else if (state.kind === 'dropped') {
      options.onProgress(
        `The pending deployment ${pending.txHash} was dropped (the deployer's nonce ${pending.nonce} went to another transaction; nonce now ${state.nonceNow}): deploying again.`,
      );
      pending = null;
    } else if (options.replacePending && state.kind !== 'mined' && state.kind !== 'replaced-mined') {
      options.onProgress(`Replacing the pending deployment ${pending.txHash}: same nonce ${pending.nonce}, fees a quarter higher.`);
      replacing = pending;
      pending = null;
    } else {
      assertSameDeployment(pending, options, chainId, file);
      options.onProgress(`Resuming the deployment ${pending.txHash} recorded in ${file} (${state.kind}).`);
    }
  }
  const resumed = pending !== null;
  if (!pending) {
    const deployer = privateKeyToAccount(options.deployerKey).address;
    const balance = await client.getBalance({ address: deployer });
    if (balance === 0n)
      throw new Error(`the signer ${deployer} holds no funds on this chain: send it some to pay for gas, then run this again`);
    const signed = await signPlaqueTokenDeployment({
      ...options,
      ...(replacing && {
        replacing: {
          nonce: replacing.nonce,
          maxFeePerGas: BigInt(replacing.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(replacing.maxPriorityFeePerGas),
        },
      }),
    });
    pending = pendingEntryOf(signed, options.publicBase);
    if (replacing) {
      const { rawTransaction: _raw, replaces: earlier = [], ...replaced } = replacing;
      pending.replaces = [...earlier, replaced];
    }
    // Recorded before it leaves: a run killed from here on resumes it rather than deploying twice.
    writePendingDeployment(options.stage, pending, options.recordFile);
    await broadcast(client, signed.rawTransaction);
    options.onProgress(
      `Sent the deployment ${signed.txHash} from ${signed.deployer} (nonce ${signed.nonce}, balance ${formatEther(balance)}): ` +
        `the contract will be at ${signed.contractAddress}. Recorded as pending in ${file}: a run cut short resumes from it.`,
    );
  }
  const receipt = await awaitDeployment(client, pending, options);
  // Mined as the replaced deployment (it won the nonce): the contract is that one's, with its constructor arguments.
  const mined = (pending.replaces ?? []).find((replaced) => replaced.txHash === receipt.transactionHash) ?? pending;
  if (mined !== pending) {
    options.onProgress(
      `The deployment ${mined.txHash} that ${pending.txHash} replaced was mined instead: its contract (base ${mined.publicBase}) is the stage's.`,
    );
  }
  return {
    chainId: mined.chainId,
    contractAddress: getAddress(receipt.contractAddress!),
    txHash: mined.txHash,
    blockNumber: receipt.blockNumber,
    admin: mined.admin,
    minter: mined.minter,
    publicBase: mined.publicBase,
    resumed,
  };
}
