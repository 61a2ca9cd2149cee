// What the service's signer can still pay for: its balance, and the mints that balance covers at the chain's gas price
// now. The delivery worker logs it after every mint (the stage's alarm reads the line); `npm run ops -- signer-balance`
// prints it.
import { formatEther, formatGwei, type Address } from 'viem';

export interface SignerFunds {
  signer: Address;
  /** Wei. */
  balance: bigint;
  /** Wei per gas, as the chain quotes it now. */
  gasPrice: bigint;
  /** Gas one mint uses: a token's share of a batch mint. */
  mintGas: bigint;
  /** Whole mints the balance pays for at that price; null when a mint costs nothing (a chain without gas price). */
  mintsLeft: bigint | null;
}

export function signerFundsOf(funds: Omit<SignerFunds, 'mintsLeft'>): SignerFunds {
  const mintCost = funds.mintGas * funds.gasPrice;
  return { ...funds, mintsLeft: mintCost === 0n ? null : funds.balance / mintCost };
}

/**
 * The funds as log members: numbers where a metric reads them (`balanceEth`, `mintsLeft`, read by the stage's metric
 * filters, infra/alarms.ts), exact wei as text beside them.
 */
export const signerFundsLogMembers = (funds: SignerFunds) => ({
  signer: funds.signer,
  balanceEth: Number(formatEther(funds.balance)),
  balanceWei: funds.balance.toString(),
  gasPriceWei: funds.gasPrice.toString(),
  mintGas: Number(funds.mintGas),
  ...(funds.mintsLeft !== null && { mintsLeft: Number(funds.mintsLeft) }),
});

/** One line for a person: `0xAb… holds 0.42 ETH: 445 mints at 30 gwei (31 437 gas each)`. */
export const describeSignerFunds = (funds: SignerFunds): string =>
  `${funds.signer} holds ${formatEther(funds.balance)} ETH: ` +
  (funds.mintsLeft === null
    ? `mints cost nothing at the gas price now (${formatGwei(funds.gasPrice)} gwei)`
    : `${funds.mintsLeft} mints at ${formatGwei(funds.gasPrice)} gwei (${funds.mintGas} gas each)`);
