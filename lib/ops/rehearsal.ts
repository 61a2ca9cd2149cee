// A rehearsal of a stage's secrets and chain commands without AWS or a public chain (`--rehearsal <folder>`,
// infra/DEPLOY.md "Rehearsing the first deploy on a local anvil"): the stage's secrets are files in <folder>/secrets,
// its contract record is <folder>/contracts.json (never infra/contracts.json), and its chain is a local anvil (chain
// 31337) over <folder>/chain/state.json that each command starts for itself and stops when it ends. So nothing is
// left running, nothing mixes its output with the commands', and each command finds the chain as the one before left
// it. The chain makes a block a second, as a public one does, so the commands wait for their confirmations as they
// would on a stage.
import { join, resolve } from 'node:path';
import { ANVIL_CHAIN_ID, startAnvil } from '#lib/local/anvil.ts';

/** The chain id a rehearsal's chain serves. */
export const REHEARSAL_CHAIN_ID = ANVIL_CHAIN_ID;

/** Seconds between the blocks of a rehearsal's chain. */
const REHEARSAL_BLOCK_SECONDS = 1;

export interface Rehearsal {
  folder: string;
  secretsDir: string;
  recordFile: string;
}

export function rehearsalIn(folder: string): Rehearsal {
  const root = resolve(folder);
  return { folder: root, secretsDir: join(root, 'secrets'), recordFile: join(root, 'contracts.json') };
}

/**
 * Runs `work` against the rehearsal's chain: an anvil started over the folder's saved chain (made on the first
 * command) and stopped, its state saved, once `work` ends, however it ends.
 */
export async function onRehearsalChain<T>(rehearsal: Rehearsal, work: (rpcUrl: string) => Promise<T>): Promise<T> {
  // In a process group of its own that ends with this process, however it ends (lib/local/child-process.ts).
  const anvil = await startAnvil({
    stateFile: join(rehearsal.folder, 'chain', 'state.json'),
    blockTimeSeconds: REHEARSAL_BLOCK_SECONDS,
    ownProcessGroup: true,
  });
  try {
    return await work(anvil.rpcUrl);
  } finally {
    await anvil.stop();
  }
}
