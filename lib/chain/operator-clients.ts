// The clients an operator's step on the contract uses (deploying it, setting its metadata addresses): a public client
// and a wallet client for one key, on whatever chain the RPC endpoint serves.
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export function operatorClients(rpcUrl: string, chainId: number, key: Hex, pollingIntervalMs?: number) {
  const transport = http(rpcUrl);
  const chain = {
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const polling = pollingIntervalMs !== undefined ? { pollingInterval: pollingIntervalMs } : {};
  return {
    publicClient: createPublicClient({ chain, transport, ...polling }) as PublicClient,
    wallet: createWalletClient({ account: privateKeyToAccount(key), chain, transport, ...polling }),
  };
}
