// The sample catalogue's MINTED plaques hold real tokens on the local chain, so their metadata, the wallet's listing
// and `balanceOf` agree. Crash-safe across a kill during the first start: before the sample plaques are written, their
// tokens are recorded as owed (DATA_DIR/chain/sample-tokens.json); every start mints what is owed (`mintMany`, which
// skips ids minted already, so a second run mints nothing twice) and forgets it only once the local chain's saved
// state holds the blocks that minted it (a kill may roll the chain back by the block or two it had not saved yet).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { getAddress, type Hex } from 'viem';
import type { ChainPort } from '#lib/chain/chain-port.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';

/** Tokens one transaction mints at local start (a block holds far more: anvil's limit is 30 million gas). */
const TOKENS_A_TRANSACTION = 100;

interface OwedToken {
  tokenId: string;
  to: string;
}

/** Where the tokens owed to the sample plaques are recorded until the saved chain holds them. */
export const sampleTokensFile = (dataDir: string): string => resolve(dataDir, 'chain', 'sample-tokens.json');

/** Records the tokens of the MINTED plaques among `plaques` as owed, whole or not at all, before the plaques are written. */
export function recordSampleTokens(dataDir: string, plaques: readonly StoredPlaque[]): void {
  const owed: OwedToken[] = plaques
    .filter((p) => p.status === 'MINTED' && p.tokenId !== null && p.wallet_address !== null)
    .map((p) => ({ tokenId: p.tokenId!, to: getAddress(p.wallet_address!) }));
  const file = sampleTokensFile(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.writing`, JSON.stringify(owed));
  renameSync(`${file}.writing`, file);
}

/**
 * Mints the tokens owed to the sample plaques, if any, in transactions of up to TOKENS_A_TRANSACTION, then forgets them
 * once `savedThrough` says the saved chain holds the last block that minted them. Returns the tokens minted now and the
 * transactions sent (none when nothing was owed).
 */
export async function mintSampleTokens(
  chain: ChainPort,
  dataDir: string,
  savedThrough: (block: bigint) => Promise<void>,
): Promise<{ owed: number; minted: number; transactions: number }> {
  const file = sampleTokensFile(dataDir);
  if (!existsSync(file)) return { owed: 0, minted: 0, transactions: 0 };
  const owed = JSON.parse(readFileSync(file, 'utf8')) as OwedToken[];
  let minted = 0;
  let transactions = 0;
  let lastBlock = 0n;
  for (let i = 0; i < owed.length; i += TOKENS_A_TRANSACTION) {
    const items = owed.slice(i, i + TOKENS_A_TRANSACTION).map((t) => ({ to: getAddress(t.to), tokenId: BigInt(t.tokenId) }));
    const market = await chain.marketFees();
    const fees = { maxFeePerGas: 2n * market.baseFeePerGas + market.priorityFeePerGas, maxPriorityFeePerGas: market.priorityFeePerGas };
    const hash = await chain.exclusiveNonce(async (nonce): Promise<Hex> => {
      const signed = await chain.signMintBatch(items, nonce, fees);
      if (signed.kind === 'reverts') throw new Error(`the sample tokens cannot be minted: ${signed.detail}`);
      await chain.sendRawTransaction(signed.raw);
      return signed.hash;
    });
    await chain.waitForReceipt(hash, 60_000);
    const receipt = await chain.mintBatchReceipt(hash);
    if (!receipt || receipt.status !== 'success') throw new Error(`the sample tokens' transaction ${hash} reverted`);
    minted += receipt.minted.length;
    transactions++;
    lastBlock = receipt.blockNumber;
  }
  if (transactions > 0) await savedThrough(lastBlock);
  rmSync(file, { force: true });
  return { owed: owed.length, minted, transactions };
}
