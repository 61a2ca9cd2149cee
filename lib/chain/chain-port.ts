// The chain port: everything the service asks of the EVM chain that carries the plaque tokens, through viem.
// One implementation for every stage (anvil locally, a real RPC endpoint in AWS); only its settings differ.
// The client is viem's bare `createClient` with only the actions used, imported one by one: `createPublicClient` and
// `createWalletClient` would bundle every public and wallet action (about 220 KB, paid at every cold start). For the
// same reason reading (`chainReaderOf`) is built apart from sending: a function that only reads, such as lookup,
// bundles neither the signing code nor the Secrets Manager client.
import {
  BaseError,
  type Chain,
  type Client,
  ContractFunctionRevertedError,
  createClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  type Address,
  type Hex,
  type LocalAccount,
  type Transport,
  TransactionReceiptNotFoundError,
  zeroAddress,
} from 'viem';
import {
  estimateContractGas,
  getBalance,
  getBlock,
  getBlockNumber,
  getContractEvents,
  getGasPrice,
  getTransactionCount,
  getTransactionReceipt,
  prepareTransactionRequest,
  readContract,
  sendRawTransaction,
  signTransaction,
  simulateContract,
  waitForTransactionReceipt,
  writeContract,
} from 'viem/actions';
import { privateKeyToAccount } from 'viem/accounts';
import { serviceUnavailable } from '#lib/errors.ts';
import { MINTER_ROLE, plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { ANVIL_DEV_KEY, fixedSignerKey, secretsManagerSignerKey } from '#lib/chain/signer-key.ts';
import { CHAIN_SETTINGS, noChainConfigured } from '#lib/chain/service-contract.ts';
import { chainConfig, type ChainConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { oneAtATime } from '#lib/runtime/one-at-a-time.ts';
import { signerFundsOf, type SignerFunds } from '#lib/chain/signer-funds.ts';

/** Whether the chain would accept minting a token now (simulated: nothing is sent). */
export type MintSimulation = { mintable: true } | { mintable: false; reason: 'ALREADY_MINTED' | 'NOT_MINTABLE'; detail: string };

/** A mint the chain refuses for its recipient alone: the recipient cannot hold the token (ERC-1155's receiver check). */
export interface ReceiverRefusal {
  mintable: false;
  reason: 'RECEIVER_REFUSED';
  detail: string;
}

export interface MintReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  /** Gas the transaction used (what its sender paid for, at its gas price). */
  gasUsed: bigint;
}

/** A mint signed by the service's signer with an explicit nonce. */
interface SignedMint {
  /** The serialized signed transaction: broadcasting it again can never mint twice (its nonce is spent once). */
  raw: Hex;
  hash: Hex;
  nonce: number;
}

/** A signed mint, or the revert the chain predicts for it (nothing signed then). */
type SignMintResult = ({ kind: 'signed' } & SignedMint) | { kind: 'reverts'; reason: 'ALREADY_MINTED' | 'NOT_MINTABLE'; detail: string };

/**
 * `sent`: the node accepted it now; `known`: the node already holds it (pending); `nonce-used`: its nonce is spent,
 * by this very transaction (mined) or by another one (then this one can never be mined).
 */
type BroadcastResult = 'sent' | 'known' | 'nonce-used';

/** What reading the contract asks of the chain (lookups, simulated mints): no signer, no transaction is sent. */
export interface ChainReader {
  readonly chainId: number;
  readonly contractAddress: Address;
  simulateMint(tokenId: bigint): Promise<MintSimulation>;
  /**
   * Simulates minting `tokenId` to `to` itself, so the contract's receiver check runs (a contract must accept ERC-1155
   * tokens, `onERC1155Received`; the zero address never can): RECEIVER_REFUSED when the mint reverts for `to` while it
   * would pass for an address without code; otherwise what `simulateMint` answers. One call when the mint passes.
   */
  simulateMintTo(to: Address, tokenId: bigint): Promise<MintSimulation | ReceiverRefusal>;
  /**
   * The service's wallet: the first account holding the contract's MINTER_ROLE, i.e. the stage's signer (while a
   * signer rotation is under way, the older of the two); null when nobody may mint.
   */
  minterAddress(): Promise<Address | null>;
  tokenExists(tokenId: bigint): Promise<boolean>;
  balanceOf(account: Address, tokenId: bigint): Promise<bigint>;
  /** The newest block's number, or the newest finalized block's (lib/chain/confirmations.ts). */
  blockNumber(tag: 'latest' | 'finalized'): Promise<bigint>;
  /** The receipt when the transaction is mined, null when it is not (pending, dropped or unknown). */
  transactionReceipt(hash: Hex): Promise<MintReceipt | null>;
  /** The transaction that minted `tokenId` to `to` in recent blocks, when the node can tell (best effort: null otherwise). */
  findMintTransaction(to: Address, tokenId: bigint): Promise<Hex | null>;
}

export interface ChainPort extends ChainReader {
  /** Sends the mint of `tokenId` to `to` with the service's signer; returns the transaction hash. */
  sendMint(to: Address, tokenId: bigint): Promise<Hex>;
  /** Waits until the transaction is mined; 503 CHAIN_UNAVAILABLE when the node does not answer or `timeoutMs` passes. */
  waitForReceipt(hash: Hex, timeoutMs?: number): Promise<MintReceipt>;

  // ---- Delivery: sign with an explicit nonce, record, then broadcast (see lib/delivery/deliver-order.ts) ----

  /** The service's signer (the account that pays for and sends mints). */
  signerAddress(): Promise<Address>;
  /**
   * Runs `use` with the signer's next nonce (its pending transaction count) while no other `exclusiveNonce` call of
   * this port runs, so sends from one process never draw the same nonce; `use` must broadcast before it returns.
   */
  exclusiveNonce<T>(use: (nonce: number) => Promise<T>): Promise<T>;
  /** Signs (does not send) the mint of `tokenId` to `to` with `nonce`; a mint the chain would revert is not signed. */
  signMint(to: Address, tokenId: bigint, nonce: number): Promise<SignMintResult>;
  sendRawTransaction(raw: Hex): Promise<BroadcastResult>;
  /** How many of the signer's transactions are mined: a nonce below it is spent for good. */
  confirmedNonce(): Promise<number>;
  /** The signer's balance now, and the mints it pays for at the chain's gas price now, each using `mintGas`. */
  signerFunds(mintGas: bigint): Promise<SignerFunds>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** The chain carrying the plaque tokens (simulated mints, delivery): use `chainOf(ctx)`. */
    chain?: ChainPort;
    /** The chain for reading only, where no port was given (lookups, simulated mints): use `chainReaderOf(ctx)`. */
    chainReader?: ChainReader;
  }
}

export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  contractAddress: string;
  /** The signer's private key, fetched on first send only (read-only uses never need it). */
  signerKey: () => Promise<Hex>;
  /** Milliseconds one RPC call may take. */
  timeoutMs?: number;
  /** Milliseconds between polls while waiting for a receipt (viem's default: 4000). */
  pollingIntervalMs?: number;
}

/**
 * Minting is simulated to this address: the buyer is not known at lookup, and an address without code
 * accepts ERC-1155 tokens whatever the owner's own account is.
 */
export const SIMULATION_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD';

/** Blocks searched back from the newest for a mint's transaction (nodes cap the range of a log query). */
const MINT_LOOKBACK_BLOCKS = 10_000n;

/** Mint gas is estimated, then given this headroom (percent) against a state change between estimate and inclusion. */
const GAS_HEADROOM_PERCENT = 20n;

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

function refusalOf(revert: ContractFunctionRevertedError): { reason: 'ALREADY_MINTED' | 'NOT_MINTABLE'; detail: string } {
  const name = revert.data?.errorName;
  return { reason: name === 'AlreadyMinted' ? 'ALREADY_MINTED' : 'NOT_MINTABLE', detail: name ?? revert.reason ?? 'the mint reverts' };
}

/** A call whose only failure is the node's: it did not answer (503 CHAIN_UNAVAILABLE). */
async function read<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw chainUnavailable(error);
  }
}

/** Everything a node said about a refused transaction (the wording differs between nodes). */
function rejectionText(error: unknown): string {
  const parts: string[] = [];
  if (error instanceof BaseError) error.walk((e) => (parts.push((e as BaseError).details ?? '', (e as Error).message), false));
  else parts.push(String(error));
  return parts.join(' ').toLowerCase();
}

/** The node and the contract a reader or a port calls. */
function connect(settings: Omit<ChainSettings, 'signerKey'>) {
  const chain = defineChain({
    id: settings.chainId,
    name: `chain-${settings.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const transport = http(settings.rpcUrl, { timeout: settings.timeoutMs ?? 5000, retryCount: 1 });
  const client: Client<Transport, Chain> = createClient({
    chain,
    transport,
    ...(settings.pollingIntervalMs !== undefined && { pollingInterval: settings.pollingIntervalMs }),
  });
  const contract = { address: getAddress(settings.contractAddress), abi: plaqueTokenAbi } as const;
  return { chainId: settings.chainId, chain, transport, client, contract };
}

type Connection = ReturnType<typeof connect>;

/** The reads of a port; its minter is remembered once it answered, until a simulation finds it lost the role. */
function readerOn({ chainId, client, contract }: Connection): ChainReader {
  let minter: Promise<Address | null> | undefined;
  const forgetMinter = () => (minter = undefined);

  async function simulateFrom(from: Address, tokenId: bigint, to: Address): Promise<MintSimulation | 'not-minter'> {
    try {
      await simulateContract(client, { ...contract, functionName: 'mint', args: [to, tokenId, '0x'], account: from });
      return { mintable: true };
    } catch (error) {
      const revert = revertOf(error);
      if (!revert) throw chainUnavailable(error);
      if (revert.data?.errorName === 'AccessControlUnauthorizedAccount') return 'not-minter';
      return { mintable: false, ...refusalOf(revert) };
    }
  }

  /** Simulates the mint from the contract's minter; the minter is remembered, and read again, once, after a signer rotation. */
  async function simulateFromMinter(tokenId: bigint, to: Address): Promise<MintSimulation> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const from = await reader.minterAddress();
      if (from === null) {
        forgetMinter();
        return { mintable: false, reason: 'NOT_MINTABLE', detail: 'no account holds MINTER_ROLE on the contract' };
      }
      const simulation = await simulateFrom(from, tokenId, to);
      if (simulation !== 'not-minter') return simulation;
      forgetMinter();
    }
    return { mintable: false, reason: 'NOT_MINTABLE', detail: 'the minter lost MINTER_ROLE while it was read' };
  }

  const reader: ChainReader = {
    chainId,
    contractAddress: contract.address,

    minterAddress() {
      minter ??= read(() => readContract(client, { ...contract, functionName: 'getRoleMembers', args: [MINTER_ROLE] })).then(
        (members) => (members.length > 0 ? getAddress(members[0]!) : null),
        (error: unknown) => {
          forgetMinter();
          throw error;
        },
      );
      return minter;
    },

    simulateMint: (tokenId) => simulateFromMinter(tokenId, SIMULATION_RECIPIENT),

    async simulateMintTo(to, tokenId) {
      const simulation = await simulateFromMinter(tokenId, to);
      if (simulation.mintable || simulation.reason === 'ALREADY_MINTED') return simulation;
      // Refused for `to`: whether for `to` alone (its receiver check, or the receiver's own revert) or for any recipient.
      const anywhere = await simulateFromMinter(tokenId, SIMULATION_RECIPIENT);
      return anywhere.mintable ? { mintable: false, reason: 'RECEIVER_REFUSED', detail: simulation.detail } : anywhere;
    },

    tokenExists: (tokenId) => read(() => readContract(client, { ...contract, functionName: 'exists', args: [tokenId] })),

    balanceOf: (account, tokenId) => read(() => readContract(client, { ...contract, functionName: 'balanceOf', args: [account, tokenId] })),

    // The head is read fresh every time (viem would otherwise answer from its cache for a polling interval): a depth
    // decided on a head read before the latest blocks would keep a confirmed mint waiting.
    blockNumber: (tag) =>
      read(async () => (tag === 'latest' ? getBlockNumber(client, { cacheTime: 0 }) : (await getBlock(client, { blockTag: tag })).number)),

    async transactionReceipt(hash) {
      try {
        const receipt = await getTransactionReceipt(client, { hash });
        return { status: receipt.status, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed };
      } catch (error) {
        if (error instanceof BaseError && error.walk((e) => e instanceof TransactionReceiptNotFoundError)) return null;
        throw chainUnavailable(error);
      }
    },

    async findMintTransaction(to, tokenId) {
      try {
        const latest = await getBlockNumber(client, { cacheTime: 0 });
        const logs = await getContractEvents(client, {
          ...contract,
          eventName: 'TransferSingle',
          args: { from: zeroAddress, to },
          fromBlock: latest > MINT_LOOKBACK_BLOCKS ? latest - MINT_LOOKBACK_BLOCKS : 0n,
          toBlock: latest,
        });
        return logs.find((log) => log.args.id === tokenId)?.transactionHash ?? null;
      } catch {
        // Only ever used to name the transaction of a mint already confirmed by balance: unknown is acceptable.
        return null;
      }
    },
  };
  return reader;
}

/** Reads the contract only: a function that never sends bundles neither the signing nor the transaction code. */
const createChainReader = (settings: Omit<ChainSettings, 'signerKey'>): ChainReader => readerOn(connect(settings));

export function createChainPort(settings: ChainSettings): ChainPort {
  const connection = connect(settings);
  const { chain, transport, client, contract } = connection;
  let wallet: Promise<ReturnType<typeof walletFor>> | undefined;
  /** This port's nonce-holding sends: each starts when the previous one has settled. */
  const sends = oneAtATime();

  function walletFor(key: Hex): Client<Transport, Chain, LocalAccount> {
    return createClient({ account: privateKeyToAccount(key), chain, transport });
  }

  /** The signer's wallet, its key fetched on first use (and again after a failed fetch). */
  function signer(): Promise<ReturnType<typeof walletFor>> {
    wallet ??= settings
      .signerKey()
      .then(walletFor)
      .catch((error: unknown) => {
        wallet = undefined;
        throw error;
      });
    return wallet;
  }

  const port: ChainPort = {
    ...readerOn(connection),

    async sendMint(to, tokenId) {
      const wallet = await signer();
      return writeContract(wallet, { ...contract, functionName: 'mint', args: [to, tokenId, '0x'] });
    },

    async waitForReceipt(hash, timeoutMs) {
      const receipt = await read(() => waitForTransactionReceipt(client, { hash, ...(timeoutMs !== undefined && { timeout: timeoutMs }) }));
      return { status: receipt.status, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed };
    },

    signerAddress: async () => (await signer()).account.address,

    exclusiveNonce(use) {
      return sends(async () => {
        const address = await port.signerAddress();
        return use(await read(() => getTransactionCount(client, { address, blockTag: 'pending' })));
      });
    },

    async signMint(to, tokenId, nonce) {
      const wallet = await signer();
      let gas: bigint;
      try {
        gas = await estimateContractGas(client, { ...contract, functionName: 'mint', args: [to, tokenId, '0x'], account: wallet.account });
      } catch (error) {
        const revert = revertOf(error);
        if (!revert) throw chainUnavailable(error);
        return { kind: 'reverts', ...refusalOf(revert) };
      }
      const request = await read(() =>
        prepareTransactionRequest(wallet, {
          to: contract.address,
          data: encodeFunctionData({ abi: plaqueTokenAbi, functionName: 'mint', args: [to, tokenId, '0x'] }),
          nonce,
          gas: gas + (gas * GAS_HEADROOM_PERCENT) / 100n,
        }),
      );
      const raw = await signTransaction(wallet, request);
      return { kind: 'signed', raw, hash: keccak256(raw), nonce };
    },

    async sendRawTransaction(raw) {
      try {
        await sendRawTransaction(client, { serializedTransaction: raw });
        return 'sent';
      } catch (error) {
        const text = rejectionText(error);
        if (/already known|already imported|known transaction/.test(text)) return 'known';
        if (/nonce too low|nonce has already been used|oldnonce/.test(text)) return 'nonce-used';
        throw chainUnavailable(error);
      }
    },

    async confirmedNonce() {
      const address = await port.signerAddress();
      return read(() => getTransactionCount(client, { address, blockTag: 'latest' }));
    },

    async signerFunds(mintGas) {
      const signer = await port.signerAddress();
      const [balance, gasPrice] = await read(() => Promise.all([getBalance(client, { address: signer }), getGasPrice(client)]));
      return signerFundsOf({ signer, balance, gasPrice, mintGas });
    },
  };
  return port;
}

/** Stands in where no chain is configured: any use says so (a configuration error, not a client's). */
export function unconfiguredChainPort(missing: string): ChainPort {
  const fail = (): never => {
    throw noChainConfigured(missing);
  };
  return {
    chainId: 0,
    get contractAddress(): Address {
      return fail();
    },
    simulateMint: async () => fail(),
    simulateMintTo: async () => fail(),
    minterAddress: async () => fail(),
    tokenExists: async () => fail(),
    balanceOf: async () => fail(),
    blockNumber: async () => fail(),
    sendMint: async () => fail(),
    waitForReceipt: async () => fail(),
    signerAddress: async () => fail(),
    exclusiveNonce: async () => fail(),
    signMint: async () => fail(),
    sendRawTransaction: async () => fail(),
    transactionReceipt: async () => fail(),
    confirmedNonce: async () => fail(),
    signerFunds: async () => fail(),
    findMintTransaction: async () => fail(),
  };
}

/** The chain the configuration names, for reading only. */
export function configuredChainReader(config: ChainConfig): ChainReader {
  if (!config.CHAIN_RPC_URL || !config.CONTRACT_ADDRESS) return unconfiguredChainPort(CHAIN_SETTINGS);
  return createChainReader({ rpcUrl: config.CHAIN_RPC_URL, chainId: config.CHAIN_ID, contractAddress: config.CONTRACT_ADDRESS });
}

/** The chain the configuration names; the signer comes from Secrets Manager, or is anvil's dev key on the local stage. */
function configuredChainPort(config: ChainConfig): ChainPort {
  if (!config.CHAIN_RPC_URL || !config.CONTRACT_ADDRESS) return unconfiguredChainPort(CHAIN_SETTINGS);
  const signerKey = config.CHAIN_SIGNER_SECRET_ARN
    ? secretsManagerSignerKey(config.CHAIN_SIGNER_SECRET_ARN, config.AWS_REGION)
    : config.STAGE === 'local'
      ? fixedSignerKey(ANVIL_DEV_KEY)
      : async (): Promise<Hex> => {
          throw new Error('No chain signer configured: set CHAIN_SIGNER_SECRET_ARN');
        };
  return createChainPort({ rpcUrl: config.CHAIN_RPC_URL, chainId: config.CHAIN_ID, contractAddress: config.CONTRACT_ADDRESS, signerKey });
}

/** The context's chain port, built from configuration on first use unless the context was given one. */
export const chainOf = (ctx: AppContext): ChainPort => (ctx.chain ??= configuredChainPort(chainConfig()));

/**
 * The context's chain for reading only: its port when it has one (tests, the local runtime, or `chainOf` ran), else a
 * reader built from configuration on first use, so a function that only reads never bundles the signing code.
 */
export const chainReaderOf = (ctx: AppContext): ChainReader => ctx.chain ?? (ctx.chainReader ??= configuredChainReader(chainConfig()));
