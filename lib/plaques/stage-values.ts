// The stage's values a plaque carries where it has none of its own: the placeholder image (MEDIA_BASE_URL) and the
// token contract (the chain port's, or CONTRACT_ADDRESS: naming it needs no chain client). New records store them;
// records of earlier versions are shown with them until the migration stores them too.
import { chainConfig, collectionConfig } from '#lib/config.ts';
import { checksumAddress } from '#lib/chain/address.ts';
import { noChainConfigured } from '#lib/chain/service-contract.ts';
import { placeholderImageUrl } from '#lib/media/placeholder.ts';
import type { StageValues } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** The context's stage values; the contract is looked up only when asked for (most records carry their own). */
export function stageValuesOf(ctx: AppContext): StageValues {
  let contractAddress: string | undefined;
  return {
    placeholderImage: placeholderImageUrl(ctx.mediaBaseUrl),
    get contractAddress() {
      if (contractAddress) return contractAddress;
      const named = ctx.chain?.contractAddress ?? chainConfig().CONTRACT_ADDRESS;
      if (!named) throw noChainConfigured('CONTRACT_ADDRESS');
      return (contractAddress = checksumAddress(named));
    },
  };
}

/** The frontend showing plaques (FRONTEND_URL unless the context names one), without a trailing slash; null for none. */
export function frontendUrlOf(ctx: AppContext): string | null {
  const url = ctx.frontendUrl !== undefined ? ctx.frontendUrl : (collectionConfig().FRONTEND_URL ?? null);
  return url === null ? null : url.replace(/\/+$/, '');
}

/** What the context's token metadata links to (lib/partner/plaque-token.ts): its placeholder image and its frontend. */
/** What token metadata links to besides the plaque's own values: the stage's placeholder image and its frontend. */
export interface TokenLinks {
  placeholderImage: string;
  /** The frontend showing plaques (no trailing slash); null when the stage has none. */
  frontendUrl: string | null;
}

export const tokenLinksOf = (ctx: AppContext): TokenLinks => ({
  placeholderImage: stageValuesOf(ctx).placeholderImage,
  frontendUrl: frontendUrlOf(ctx),
});
