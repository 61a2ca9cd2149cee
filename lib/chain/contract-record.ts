// Where each stage's PlaqueToken is recorded: infra/contracts.json, part of the stage configuration the CDK app
// reads (infra/stages.ts), written by `npm run ops -- deploy-contract` and committed like any other setting.
//
// Why a committed file rather than an SSM parameter: the address is public, changes about never, and must be what
// the functions of a given commit use: synthesis stays offline and deterministic, what passed staging is promoted
// as it is, a change shows in review, and the functions get it as an environment variable (no SSM call at cold
// start, no extra permission).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  const records = { ...readContractRecords(file), [stage]: record };
  const sorted = Object.fromEntries(Object.entries(records).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(`${file}.writing`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.writing`, file);
}
