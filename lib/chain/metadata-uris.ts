// Where PlaqueToken points wallets and marketplaces: `uri` (ERC-1155: one template for every token id, `{id}` replaced by
// clients with the id in 64 lower-case hex digits) and `contractURI` (ERC-7572: the collection), both under the stage's
// public base URL, where the service answers them (GET /tokens/{id}.json, GET /contract.json). Only the admin sets them.
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { answersInterface } from '#lib/chain/contract-interfaces.ts';
import { operatorClients } from '#lib/chain/operator-clients.ts';
import { CONTRACT_URI_INTERFACE_ID, DEFAULT_ADMIN_ROLE, plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';

export interface MetadataUris {
  /** ERC-1155 `uri(id)`: the same template for every id. */
  uri: string;
  /** ERC-7572 `contractURI()`. */
  contractURI: string;
}

/** The URIs a contract names for a stage whose public base URL is `base` (`https://api.example`, no trailing slash needed). */
export function metadataUrisOf(base: string): MetadataUris {
  const root = base.replace(/\/+$/, '');
  return { uri: `${root}/tokens/{id}.json`, contractURI: `${root}/contract.json` };
}

/** A public base URL a contract may name: http(s), no query or fragment. */
export function checkedPublicBase(base: string): string {
  const parsed = URL.canParse(base) ? new URL(base) : null;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new Error(`the public base must be an http or https URL without query or fragment, got ${base}`);
  }
  return base.replace(/\/+$/, '');
}

/** Whether `address` holds a PlaqueToken whose metadata URIs can be set (ERC-7572); false for no code or an older one. */
export const hasSettableUris = (rpcUrl: string, address: Address): Promise<boolean> =>
  answersInterface(rpcUrl, address, CONTRACT_URI_INTERFACE_ID);

/** The URIs the contract names now (`uri` read for id 0: the template is the same for every id). */
export async function readMetadataUris(rpcUrl: string, address: Address): Promise<MetadataUris> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const contract = { address, abi: plaqueTokenAdminAbi } as const;
  const [uri, contractURI] = await Promise.all([
    client.readContract({ ...contract, functionName: 'uri', args: [0n] }),
    client.readContract({ ...contract, functionName: 'contractURI' }),
  ]);
  return { uri, contractURI };
}

export interface SetMetadataUrisOptions {
  rpcUrl: string;
  contractAddress: Address;
  /** The admin's key (DEFAULT_ADMIN_ROLE). */
  adminKey: Hex;
  /** The stage's public base URL. */
  base: string;
  /** Blocks to wait for on top of the including one (default 0: included). */
  confirmations?: number;
  /** Milliseconds between receipt polls (viem's default: 4000). */
  pollingIntervalMs?: number;
}

export interface MetadataUrisSet extends MetadataUris {
  /** The transactions sent: none when the contract already named these URIs. */
  transactions: Hex[];
}

/** Points the contract at `base`, sending only the changes it needs; throws when the key is not the admin's. */
export async function setMetadataUris(options: SetMetadataUrisOptions): Promise<MetadataUrisSet> {
  const wanted = metadataUrisOf(checkedPublicBase(options.base));
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  const { publicClient: client, wallet } = operatorClients(options.rpcUrl, chainId, options.adminKey, options.pollingIntervalMs);
  const admin = wallet.account.address;
  const contract = { address: options.contractAddress, abi: plaqueTokenAdminAbi } as const;
  if (!(await hasSettableUris(options.rpcUrl, options.contractAddress))) {
    throw new Error(`${options.contractAddress} is a PlaqueToken whose metadata URIs cannot be set: deploy a new one (infra/DEPLOY.md)`);
  }
  if (!(await client.readContract({ ...contract, functionName: 'hasRole', args: [DEFAULT_ADMIN_ROLE, admin] }))) {
    throw new Error(`${admin} is not the contract's admin: give the admin's key`);
  }
  const current = await readMetadataUris(options.rpcUrl, options.contractAddress);
  const transactions: Hex[] = [];
  const send = async (functionName: 'setURI' | 'setContractURI', value: string) => {
    const hash = await wallet.writeContract({ ...contract, functionName, args: [value] });
    const receipt = await client.waitForTransactionReceipt({ hash, confirmations: options.confirmations ?? 1, timeout: 600_000 });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    transactions.push(hash);
  };
  if (current.uri !== wanted.uri) await send('setURI', wanted.uri);
  if (current.contractURI !== wanted.contractURI) await send('setContractURI', wanted.contractURI);
  return { ...wanted, transactions };
}
