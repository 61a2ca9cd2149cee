// The stage's delivery settings, from the chain section of the configuration (infra/stages.ts writes them): the fee
// cap, when a pending mint is replaced, the confirmation depth and how often a batch in flight is looked at.
import { parseGwei } from 'viem';
import { chainConfig } from '#lib/config.ts';
import { parseConfirmationDepth, type ConfirmationDepth } from '#lib/chain/confirmations.ts';

export interface DeliverySettings {
  /** The most a mint transaction offers per gas, in wei; null: no cap. */
  feeCap: bigint | null;
  /** Blocks an underpriced mint stays pending before it is replaced. */
  replaceAfterBlocks: number;
  /** Depth a mint must reach before its orders are DELIVERED. */
  confirmations: ConfirmationDepth;
  /** Milliseconds between looks at a batch in flight: a quarter of a block, at least 250 ms (a block per transaction: 250 ms). */
  pollMs: number;
  /** Seconds between the chain's blocks (0: a block per transaction). */
  blockSeconds: number;
}

export function deliverySettings(): DeliverySettings {
  const config = chainConfig();
  return {
    feeCap: config.CHAIN_MAX_FEE_GWEI === undefined ? null : parseGwei(config.CHAIN_MAX_FEE_GWEI),
    replaceAfterBlocks: config.CHAIN_REPLACE_AFTER_BLOCKS,
    confirmations: parseConfirmationDepth(config.CHAIN_CONFIRMATIONS),
    pollMs: Math.max(250, (config.CHAIN_BLOCK_SECONDS * 1000) / 4),
    blockSeconds: config.CHAIN_BLOCK_SECONDS,
  };
}
