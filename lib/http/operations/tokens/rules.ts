// What the tokens operations' declarations share: the rules they state and the group they are listed in.
import type { Tag } from '#lib/http/operation.ts';

/** Token id 42 as EIP-1155 clients substitute `{id}`: 64 lower-case hex digits, no 0x. */
export const hexTokenId = (tokenId: string): string => BigInt(tokenId).toString(16).padStart(64, '0');

/** The operations' group in the document. */
export const tokensTag: Tag = {
  name: 'Tokens',
  description: "What wallets and marketplaces read about the service's tokens, where the contract points them.",
};
