// Where each stage's PlaqueToken is recorded: infra/contracts.json, part of the stage configuration the CDK app
// reads (infra/stages.ts), written by `npm run ops -- deploy-contract` and committed like any other setting.
//
// Why a committed file rather than an SSM parameter: the address is public, changes about never, and must be what
// the functions of a given commit use: synthesis stays offline and deterministic, what passed staging is promoted
// as it is, a change shows in review, and the functions get it as an environment variable (no SSM call at cold
// start, no extra permission).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, isAddress, type Address, type Hex } from 'viem';

export const CONTRACT_RECORD_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'infra', 'contracts.json');

export interface RecordedContract {
  chainId: number;
  contractAddress: Address;
  /** The deployment transaction and its block. */
  txHash: Hex;
  blockNumber: number;
  /** DEFAULT_ADMIN_ROLE at deployment (grants and revokes the minter). */
  admin: Address;
  /** MINTER_ROLE at deployment; rotate-signer updates it. */
  minter: Address;
  deployedAt: string;
  /**
   * The public base URL the contract's `uri` and `contractURI` name (deploy-contract, set-token-uri); absent for a
   * contract deployed before they could be set.
   */
  publicBase?: string;
}

export type ContractRecords = Partial<Record<string, RecordedContract>>;

export function readContractRecords(file = CONTRACT_RECORD_FILE): ContractRecords {
  if (!existsSync(file)) return {};
  const records = JSON.parse(readFileSync(file, 'utf8')) as ContractRecords;
  for (const [stage, record] of Object.entries(records)) {
    if (!record || !isAddress(record.contractAddress) || !Number.isInteger(record.chainId)) {
      throw new Error(`${file}: the ${stage} entry is not a contract record`);
    }
  }
  return records;
}

/** The stage's contract, checked against the chain the stage uses; null when none is recorded yet. */
export function recordedContract(stage: string, chainId: number, file = CONTRACT_RECORD_FILE): Address | null {
  const record = readContractRecords(file)[stage];
  if (!record) return null;
  if (record.chainId !== chainId) {
    throw new Error(`${file}: the ${stage} contract was deployed on chain ${record.chainId}, but the stage uses chain ${chainId}`);
  }
  return getAddress(record.contractAddress);
}

export function writeContractRecord(stage: string, record: RecordedContract, file = CONTRACT_RECORD_FILE): void {
  writeSorted(file, { ...readContractRecords(file), [stage]: record });
}

/** Written beside and renamed: a reader (or a command killed meanwhile) sees the old file or the new one, never half. */
function writeSorted(file: string, records: Record<string, unknown>): void {
  const sorted = Object.fromEntries(Object.entries(records).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(`${file}.writing`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.writing`, file);
}

// A deployment in flight: deploy-contract signs the transaction and records it here BEFORE sending it, then waits. A run
// cut short (Ctrl-C, a kill, a lost connection) leaves this entry, and the next run resumes from it instead of sending
// a second deployment: it takes the receipt when the transaction was mined, waits while it is pending, sends the same
// signed transaction again when the chain never saw it (same nonce: it can land once at most), and deploys anew only
// when the deployer's nonce went to another transaction. Kept apart from the record the stack reads, which names only
// contracts that exist; the entry goes once the contract is recorded.

/** A deployment transaction signed for a stage and not yet recorded as a contract. */
export interface PendingDeployment {
  chainId: number;
  txHash: Hex;
  /** The signed transaction, sent again as it is when the chain has not seen it. */
  rawTransaction: Hex;
  deployer: Address;
  nonce: number;
  /** Where the contract lands: the deployer's address and nonce decide it. */
  contractAddress: Address;
  /** keccak256 of the ABI-encoded constructor arguments (admin, minter, uri, contractURI). */
  argsDigest: Hex;
  admin: Address;
  minter: Address;
  publicBase: string;
  /** The fees it offers, in wei (decimal): a replacement offers more. */
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  signedAt: string;
  /**
   * The deployments this one replaced (`--replace-pending`: same nonce, so at most one of them is mined): a network
   * may still mine one of those instead, and that one is then the stage's contract.
   */
  replaces?: Omit<PendingDeployment, 'rawTransaction' | 'replaces'>[];
}

/** The pending deployments beside a record file, named like it with `.pending` before `.json`. */
export const pendingDeploymentFile = (recordFile = CONTRACT_RECORD_FILE): string => recordFile.replace(/(\.json)?$/, '.pending.json');

export function readPendingDeployment(stage: string, recordFile = CONTRACT_RECORD_FILE): PendingDeployment | null {
  const file = pendingDeploymentFile(recordFile);
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, PendingDeployment>>)[stage] ?? null;
}

/** Records the stage's pending deployment, or drops it (`null`); the file goes with its last entry. */
export function writePendingDeployment(stage: string, pending: PendingDeployment | null, recordFile = CONTRACT_RECORD_FILE): void {
  const file = pendingDeploymentFile(recordFile);
  const entries = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, PendingDeployment>) : {};
  const { [stage]: _dropped, ...others } = entries;
  const next = pending ? { ...others, [stage]: pending } : others;
  if (Object.keys(next).length === 0) rmSync(file, { force: true });
  else writeSorted(file, next);
}
