// Lookup: whether a plaque can be bought now (its state) and minted (a simulated mint on the chain).
import { effectiveStatus, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { contractAddressOf, tokenIdNumber, tokenIdOf, uniqueIdOf } from '#lib/partner/plaque-token.ts';
import type { MintSimulation, ReceiverRefusal } from '#lib/chain/chain-port.ts';
import type { lookupSchema } from '#lib/partner/response-schemas.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { livePlaque } from '#lib/partner/live-plaque.ts';
import { chainReaderOf } from '#lib/chain/chain-port.ts';
import { serviceContractOf } from '#lib/chain/service-contract.ts';
import type { Shape } from '#lib/schema.ts';

export type Lookup = Shape<typeof lookupSchema>;

/**
 * The plaque's token id when its mint is worth simulating: a MINTED plaque is not simulated (its token exists by
 * definition); a token id that is not a uint256, or a plaque recorded on another contract, cannot be minted.
 */
function simulatedToken(ctx: AppContext, plaque: StoredPlaque): bigint | Exclude<MintSimulation, { mintable: true }> {
  if (plaque.status === 'MINTED' || plaque.minted) return { mintable: false, reason: 'ALREADY_MINTED', detail: 'the plaque is minted' };
  const contract = serviceContractOf(ctx);
  if (contractAddressOf(plaque, contract).toLowerCase() !== contract.toLowerCase()) {
    return { mintable: false, reason: 'NOT_MINTABLE', detail: 'the plaque belongs to another contract' };
  }
  return tokenIdNumber(tokenIdOf(plaque)) ?? { mintable: false, reason: 'NOT_MINTABLE', detail: 'the token id is not a uint256' };
}

/** Simulates minting the plaque's token on the service's contract (to an address without code: any wallet takes it). */
async function mintability(ctx: AppContext, plaque: StoredPlaque): Promise<MintSimulation> {
  const token = simulatedToken(ctx, plaque);
  return typeof token === 'bigint' ? chainReaderOf(ctx).simulateMint(token) : token;
}

/** Simulates minting the plaque's token to `wallet` itself, whose receiver check may refuse it (RECEIVER_REFUSED). */
export async function mintabilityTo(
  ctx: AppContext,
  plaque: StoredPlaque,
  wallet: `0x${string}`,
): Promise<MintSimulation | ReceiverRefusal> {
  const token = simulatedToken(ctx, plaque);
  return typeof token === 'bigint' ? chainReaderOf(ctx).simulateMintTo(wallet, token) : token;
}

export async function lookupPlaque(ctx: AppContext, id: number): Promise<Lookup> {
  const plaque = await livePlaque(ctx, id);
  const status = effectiveStatus(plaque, ctx.now());
  const simulation = await mintability(ctx, plaque);
  const reasons: Lookup['reasons'] = [];
  if (status === 'LOCKED') reasons.push('LOCKED');
  if (status === 'SOLD') reasons.push('SOLD');
  if (!simulation.mintable) reasons.push(simulation.reason);
  return {
    plaqueId: plaque.id,
    uniqueId: uniqueIdOf(plaque, serviceContractOf(ctx)),
    available: status === 'AVAILABLE',
    mintable: simulation.mintable,
    status,
    reasons,
  };
}
