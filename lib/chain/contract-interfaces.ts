// Which version of PlaqueToken an address holds, told by the ERC-165 interfaces it answers: roles (AccessControl)
// came first, settable metadata URIs (ERC-7572) next; an older contract answers false, or nothing at all.
import { createPublicClient, http, type Address } from 'viem';
import { plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';

/** Whether `address` holds code that answers true for `interfaceId`; false for no code or a contract that reverts. */
export async function answersInterface(rpcUrl: string, address: Address, interfaceId: `0x${string}`): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const code = await client.getCode({ address });
  if (!code || code === '0x') return false;
  try {
    return await client.readContract({ address, abi: plaqueTokenAdminAbi, functionName: 'supportsInterface', args: [interfaceId] });
  } catch {
    return false;
  }
}
