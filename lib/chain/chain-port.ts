// The chain port: everything the service asks of the EVM chain that carries the plaque tokens, through viem.
// One implementation for every stage (anvil locally, a real RPC endpoint in AWS); only its settings differ.
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '#lib/config.ts';
import { serviceUnavailable } from '#lib/errors.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { ANVIL_DEV_KEY, fixedSignerKey, secretsManagerSignerKey } from '#lib/chain/signer-key.ts';

/** Whether the chain would accept minting a token now (simulated: nothing is sent). */
export type MintSimulation =
  | { mintable: true }
  | { mintable: false; reason: 'ALREADY_MINTED' | 'NOT_MINTABLE'; detail: string };

export interface MintReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
}

export interface ChainPort {
  readonly chainId: number;
  readonly contractAddress: Address;
  simulateMint(tokenId: bigint): Promise<MintSimulation>;
  /** The contract's owner: the service's signer, the only account allowed to mint. */
  ownerAddress(): Promise<Address>;
  tokenExists(tokenId: bigint): Promise<boolean>;
  balanceOf(account: Address, tokenId: bigint): Promise<bigint>;
  /** Sends the mint of `tokenId` to `to` with the service's signer; returns the transaction hash. */
  sendMint(to: Address, tokenId: bigint): Promise<Hex>;
  waitForReceipt(hash: Hex): Promise<MintReceipt>;
}

export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  contractAddress: string;
  /** The signer's private key, fetched on first send only (read-only uses never need it). */
  signerKey: () => Promise<Hex>;
  /** Milliseconds one RPC call may take. */
  timeoutMs?: number;
}

/**
 * Minting is simulated to this address: the buyer is not known at lookup, and an address without code
 * accepts ERC-1155 tokens whatever the owner's own account is.
 */
const SIMULATION_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD';

function chainUnavailable(cause: unknown): Error {
  const error = serviceUnavailable('CHAIN_UNAVAILABLE', 'the blockchain node did not answer; try again shortly', 5);
  error.cause = cause;
  return error;
}

/** The revert a failed call carries, when the chain answered with one (rather than not answering). */
function revertOf(error: unknown): ContractFunctionRevertedError | null {
  if (!(error instanceof BaseError)) return null;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert : null;
}

export function createChainPort(settings: ChainSettings): ChainPort {
  const chain = defineChain({
    id: settings.chainId,
    name: `chain-${settings.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const transport = http(settings.rpcUrl, { timeout: settings.timeoutMs ?? 5000, retryCount: 1 });
  const client: PublicClient = createPublicClient({ chain, transport });
  const contractAddress = getAddress(settings.contractAddress);
  const contract = { address: contractAddress, abi: plaqueTokenAbi } as const;
  let owner: Promise<Address> | undefined;
  let wallet: Promise<ReturnType<typeof walletFor>> | undefined;

  function walletFor(key: Hex) {
    return createWalletClient({ account: privateKeyToAccount(key), chain, transport });
  }

  async function read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw chainUnavailable(error);
    }
  }

  const port: ChainPort = {
    chainId: settings.chainId,
    contractAddress,

    ownerAddress() {
      owner ??= read(() => client.readContract({ ...contract, functionName: 'owner' })).catch((error: unknown) => {
        owner = undefined;
        throw error;
      });
      return owner;
    },

    async simulateMint(tokenId) {
      const from = await port.ownerAddress();
      // A call from the zero address would pass `onlyOwner` against a renounced owner; nobody can mint then.
      if (from === zeroAddress) return { mintable: false, reason: 'NOT_MINTABLE', detail: 'the contract has no owner' };
      try {
        await client.simulateContract({ ...contract, functionName: 'mint', args: [SIMULATION_RECIPIENT, tokenId, '0x'], account: from });
        return { mintable: true };
      } catch (error) {
        const revert = revertOf(error);
        if (!revert) throw chainUnavailable(error);
        const name = revert.data?.errorName;
        return {
          mintable: false,
          reason: name === 'AlreadyMinted' ? 'ALREADY_MINTED' : 'NOT_MINTABLE',
          detail: name ?? revert.reason ?? 'the mint reverts',
        };
      }
    },

    tokenExists: (tokenId) => read(() => client.readContract({ ...contract, functionName: 'exists', args: [tokenId] })),

    balanceOf: (account, tokenId) => read(() => client.readContract({ ...contract, functionName: 'balanceOf', args: [account, tokenId] })),

    async sendMint(to, tokenId) {
      wallet ??= settings.signerKey().then(walletFor);
      const signer = await wallet;
      return signer.writeContract({ ...contract, functionName: 'mint', args: [to, tokenId, '0x'] });
    },

    async waitForReceipt(hash) {
      const receipt = await client.waitForTransactionReceipt({ hash });
      return { status: receipt.status, blockNumber: receipt.blockNumber };
    },
  };
  return port;
}

/** Stands in where no chain is configured: any use says so (a configuration error, not a client's). */
export function unconfiguredChainPort(missing: string): ChainPort {
  const fail = (): never => {
    throw new Error(`No chain configured: set ${missing}`);
  };
  return {
    chainId: 0,
    get contractAddress(): Address {
      return fail();
    },
    simulateMint: async () => fail(),
    ownerAddress: async () => fail(),
    tokenExists: async () => fail(),
    balanceOf: async () => fail(),
    sendMint: async () => fail(),
    waitForReceipt: async () => fail(),
  };
}

/** The chain the configuration names; the signer comes from Secrets Manager, or is anvil's dev key on the local stage. */
export function configuredChainPort(config: Config): ChainPort {
  if (!config.CHAIN_RPC_URL || !config.CONTRACT_ADDRESS) return unconfiguredChainPort('CHAIN_RPC_URL and CONTRACT_ADDRESS');
  const signerKey = config.CHAIN_SIGNER_SECRET_ARN
    ? secretsManagerSignerKey(config.CHAIN_SIGNER_SECRET_ARN, config.AWS_REGION)
    : config.STAGE === 'local'
      ? fixedSignerKey(ANVIL_DEV_KEY)
      : async (): Promise<Hex> => {
          throw new Error('No chain signer configured: set CHAIN_SIGNER_SECRET_ARN');
        };
  return createChainPort({ rpcUrl: config.CHAIN_RPC_URL, chainId: config.CHAIN_ID, contractAddress: config.CONTRACT_ADDRESS, signerKey });
}
