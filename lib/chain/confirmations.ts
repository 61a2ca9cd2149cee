// When a mined transaction counts as confirmed: a number of blocks on top of its own (0: as soon as it is mined), or
// the chain's finalized block. A stage sets it (infra/stages.ts `chain.confirmations`, CHAIN_CONFIRMATIONS): 0 on
// anvil, a few blocks on a test network, finality on a main network, where a reorg can take back anything younger.
import type { ChainReader } from '#lib/chain/chain-port.ts';

export type ConfirmationDepth = number | 'finalized';

/** `3` → 3, `finalized` → 'finalized' (the form CHAIN_CONFIRMATIONS takes). */
export function parseConfirmationDepth(text: string): ConfirmationDepth {
  if (text === 'finalized') return text;
  const blocks = Number(text);
  if (!Number.isInteger(blocks) || blocks < 0) throw new Error(`confirmation depth must be a block count or "finalized": ${text}`);
  return blocks;
}

/** The newest block whose transactions are confirmed at `depth` (below 0 when the chain is younger than the depth). */
export async function confirmedBlock(chain: ChainReader, depth: ConfirmationDepth): Promise<bigint> {
  if (depth === 'finalized') return chain.blockNumber('finalized');
  return (await chain.blockNumber('latest')) - BigInt(depth);
}
