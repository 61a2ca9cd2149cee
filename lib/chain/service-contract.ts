// The address of the service's PlaqueToken contract, for code that names the contract without calling it (a sale's
// order, a reservation's token, a plaque's unique id): read from configuration, it never builds the chain client,
// so a function that only names the contract neither bundles nor initialises that client.
import type { Address } from 'viem';
import { checksumAddress } from '#lib/chain/address.ts';
import { chainConfig, type ChainConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The variables that name a chain: without both, every use of the chain fails with `noChainConfigured`. */
export const CHAIN_SETTINGS = 'CHAIN_RPC_URL and CONTRACT_ADDRESS';

/** What any use of an unconfigured chain raises (a configuration error, not a client's). */
export const noChainConfigured = (missing: string): Error => new Error(`No chain configured: set ${missing}`);

/**
 * The configured contract, checksummed. Naming it needs only CONTRACT_ADDRESS, as for the plaques' stage values
 * (lib/plaques/stage-values.ts): a function that names the contract without calling the chain (buy) is given no
 * endpoint (lib/http/routes.ts declares it `namesContract`).
 */
export function configuredServiceContract(config: ChainConfig): Address {
  if (!config.CONTRACT_ADDRESS) throw noChainConfigured('CONTRACT_ADDRESS');
  return checksumAddress(config.CONTRACT_ADDRESS);
}

/**
 * The service's contract: the context's chain port's when it has one (tests and the local runtime give theirs),
 * else the configured one — what `chainOf(ctx).contractAddress` answers, without building the port.
 */
export const serviceContractOf = (ctx: AppContext): Address =>
  ctx.chain ? ctx.chain.contractAddress : configuredServiceContract(chainConfig());
