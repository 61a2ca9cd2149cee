// The local runtime's record of its PlaqueToken deployment (DATA_DIR/chain/contract.json), read without viem: the ops
// commands that only need the address recorded there start without loading the chain's libraries.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Address = `0x${string}`;

export interface DeploymentRecord {
  chainId: number;
  contractAddress: Address;
  deployedAt: string;
  /**
   * The contract this one replaced (an older PlaqueToken: without roles, with a fixed URI, one token a transaction, or
   * without ERC-4906),
   * until its records moved here.
   */
  replaced?: Address;
}

/** Where the local runtime records its deployment: DATA_DIR/chain/contract.json. */
export const localContractRecordFile = (dataDir: string): string => resolve(dataDir, 'chain', 'contract.json');

/** The contract recorded in `recordFile` by an earlier deployment, without asking the chain; null when none is. */
export function recordedPlaqueToken(recordFile: string): Address | null {
  if (!existsSync(recordFile)) return null;
  return (JSON.parse(readFileSync(recordFile, 'utf8')) as DeploymentRecord).contractAddress;
}
