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
  decodeErrorResult,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  parseEventLogs,
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
  estimateMaxPriorityFeePerGas,
  getBlockNumber,
  getContractEvents,
  getGasPrice,
  getTransactionCount,
  getTransactionReceipt,
  readContract,
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

interface MintReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  /** Gas the transaction used (what its sender paid for, at its gas price). */
  gasUsed: bigint;
  /** Wei per gas the sender paid (the block's base fee plus the tip it gave). */
  effectiveGasPrice: bigint;
}

/** Why the contract refuses a token: minted already, or anything else (a receiver that refuses, no MINTER_ROLE, ...). */
export type MintRefusal = { reason: 'ALREADY_MINTED' | 'NOT_MINTABLE'; detail: string };

/** A mined batch mint (`mintMany`, or a single `mint`): its receipt, and what the contract did with each token. */
export interface MintBatchReceipt extends MintReceipt {
  /** Tokens minted by it (TransferSingle from the zero address), with the account each went to. */
  minted: { tokenId: bigint; to: Address }[];
  /** Tokens it refused (MintRefused), each with the revert it met; the others were minted all the same. */
  refused: ({ tokenId: bigint; to: Address } & MintRefusal)[];
}

/** One token of a batch mint: its id, minted to `to`. */
interface MintItem {
  to: Address;
  tokenId: bigint;
}

/** What a transaction offers to pay per gas (EIP-1559), in wei. */
export interface FeeOffer {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The market now, in wei per gas: the newest block's base fee, and the tip the node suggests. */
export interface MarketFees {
  baseFeePerGas: bigint;
  priorityFeePerGas: bigint;
}

/** A transaction signed by the service's signer with an explicit nonce, not sent. */
interface SignedTransaction {
  /** The serialized signed transaction: broadcasting it again can never do its work twice (its nonce is spent once). */
  raw: Hex;
  hash: Hex;
  nonce: number;
  /** The gas limit it carries. */
  gas: bigint;
  fees: FeeOffer;
}

/** A signed batch mint, or the revert the chain predicts for the whole call (nothing signed then). */
type SignMintBatchResult = ({ kind: 'signed' } & SignedTransaction) | ({ kind: 'reverts' } & MintRefusal);

/**
 * `sent`: the node accepted it now; `known`: the node already holds it (pending); `nonce-used`: its nonce is spent,
 * by this very transaction (mined) or by another one (then this one can never be mined); `underpriced`: the node refuses
 * it for its fees (below the base fee now, or too little above a transaction it would replace).
 */
type BroadcastResult = 'sent' | 'known' | 'nonce-used' | 'underpriced';

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
  /** A mined batch mint with what it did to each token (this contract's events only); null when it is not mined. */
  mintBatchReceipt(hash: Hex): Promise<MintBatchReceipt | null>;
  /** Broadcasts a transaction signed earlier (no key needed): whoever follows a stored one may send it again. */
  sendRawTransaction(raw: Hex): Promise<BroadcastResult>;
  /**
   * How many of `account`'s transactions are mined (`latest`: a nonce below it is spent for good), or known to the node,
   * mined or pending (`pending`: the next nonce it expects).
   */
  nonceOf(account: Address, tag: 'latest' | 'pending'): Promise<number>;
  /** The newest block's base fee and the tip the node suggests now. */
  marketFees(): Promise<MarketFees>;
  /** The transaction that minted `tokenId` to `to` in recent blocks, when the node can tell (best effort: null otherwise). */
  findMintTransaction(to: Address, tokenId: bigint): Promise<Hex | null>;
}

export interface ChainPort extends ChainReader {
  /** Sends the mint of `tokenId` to `to` with the service's signer; returns the transaction hash. */
  sendMint(to: Address, tokenId: bigint): Promise<Hex>;
  /** Waits until the transaction is mined; 503 CHAIN_UNAVAILABLE when the node does not answer or `timeoutMs` passes. */
  waitForReceipt(hash: Hex, timeoutMs?: number): Promise<MintReceipt>;

  // ---- Delivery: sign with an explicit nonce, record, then broadcast (see lib/delivery/send-mints.ts) ----

  /** The service's signer (the account that pays for and sends mints). */
  signerAddress(): Promise<Address>;
  /**
   * Runs `use` with the signer's next nonce (its pending transaction count) while no other `exclusiveNonce` call of
   * this port runs, so sends from one process never draw the same nonce; `use` must broadcast before it returns.
   */
  exclusiveNonce<T>(use: (nonce: number) => Promise<T>): Promise<T>;
  /**
   * Signs (does not send) one `mintMany` of `items` with `nonce` and `fees`, its gas estimated with headroom (the
   * contract refuses a token on its own, so only a call that would revert whole is not signed).
   */
  signMintBatch(items: readonly MintItem[], nonce: number, fees: FeeOffer): Promise<SignMintBatchResult>;
  /** Signs (does not send) a transfer of nothing to the signer itself with `nonce`: fills a nonce no transaction holds. */
  signNonceFiller(nonce: number, fees: FeeOffer): Promise<SignedTransaction>;
  /**
   * Signs (does not send) ERC-4906 announcements of the tokens' metadata changes (`announceMetadata`, ids ascending) at
   * `nonce`; throws when the chain predicts a revert (the signer lost MINTER_ROLE).
   */
  signMetadataAnnouncement(tokenIds: readonly bigint[], nonce: number, fees: FeeOffer): Promise<SignedTransaction>;
  /** How many of the signer's transactions are mined: a nonce below it is spent for good. */
  confirmedNonce(): Promise<number>;
  /** How many of the signer's transactions the node knows, mined or pending: the next nonce it expects. */
  pendingNonce(): Promise<number>;
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
const SIMULATION_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD';

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

/** The receipt's figures a delivery records. */
const mintReceiptOf = (receipt: { status: 'success' | 'reverted'; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint }) => ({
  status: receipt.status,
  blockNumber: receipt.blockNumber,
  gasUsed: receipt.gasUsed,
  effectiveGasPrice: receipt.effectiveGasPrice,
});

/** What a MintRefused event's `reason` (the revert the token met, ABI-encoded) says. */
function refusalIn(reason: Hex): MintRefusal {
  if (reason === '0x') return { reason: 'NOT_MINTABLE', detail: 'the receiver contract reverted without a reason' };
  try {
    const decoded = decodeErrorResult({ abi: plaqueTokenAbi, data: reason });
    return { reason: decoded.errorName === 'AlreadyMinted' ? 'ALREADY_MINTED' : 'NOT_MINTABLE', detail: decoded.errorName };
  } catch {
    return { reason: 'NOT_MINTABLE', detail: `the receiver contract reverted (${reason.slice(0, 74)})` };
  }
}

/** The reads of a port; its minter is remembered once it answered, until a simulation finds it lost the role. */
function readerOn({ chainId, client, contract }: Connection): ChainReader {
  let minter: Promise<Address | null> | undefined;
  const forgetMinter = () => (minter = undefined);

  /** The transaction's receipt; null when it is not mined. */
  async function receiptOf(hash: Hex) {
    try {
      return await getTransactionReceipt(client, { hash });
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof TransactionReceiptNotFoundError)) return null;
      throw chainUnavailable(error);
    }
  }

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
      const receipt = await receiptOf(hash);
      return receipt && mintReceiptOf(receipt);
    },

    async mintBatchReceipt(hash) {
      const receipt = await receiptOf(hash);
      if (!receipt) return null;
      const ours = receipt.logs.filter((log) => log.address.toLowerCase() === contract.address.toLowerCase());
      const events = parseEventLogs({ abi: plaqueTokenAbi, logs: ours, eventName: ['TransferSingle', 'MintRefused'], strict: true });
      const minted: MintBatchReceipt['minted'] = [];
      const refused: MintBatchReceipt['refused'] = [];
      for (const event of events) {
        if (event.eventName === 'TransferSingle') {
          if (event.args.from === zeroAddress) minted.push({ tokenId: event.args.id, to: getAddress(event.args.to) });
        } else refused.push({ tokenId: event.args.id, to: getAddress(event.args.to), ...refusalIn(event.args.reason) });
      }
      return { ...mintReceiptOf(receipt), minted, refused };
    },

    async sendRawTransaction(raw) {
      try {
        // The bare RPC call rather than viem's wallet action: broadcasting needs no key, and a reader (lookup, the
        // reconciler) then bundles none of the wallet actions.
        await client.request({ method: 'eth_sendRawTransaction', params: [raw] });
        return 'sent';
      } catch (error) {
        const text = rejectionText(error);
        if (/already known|already imported|known transaction/.test(text)) return 'known';
        if (/nonce too low|nonce has already been used|oldnonce/.test(text)) return 'nonce-used';
        if (/underpriced|less than block base fee|fee too low|feecap/.test(text)) return 'underpriced';
        throw chainUnavailable(error);
      }
    },

    nonceOf: (account, tag) => read(() => getTransactionCount(client, { address: account, blockTag: tag })),

    async marketFees() {
      return read(async () => {
        const [block, priorityFeePerGas] = await Promise.all([
          getBlock(client, { blockTag: 'latest' }),
          estimateMaxPriorityFeePerGas(client),
        ]);
        return { baseFeePerGas: block.baseFeePerGas ?? 0n, priorityFeePerGas };
      });
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

  /** Signs an EIP-1559 transaction with everything given (nothing is asked of the node). */
  async function signWith(
    wallet: Client<Transport, Chain, LocalAccount>,
    tx: { to: Address; data: Hex; nonce: number; gas: bigint; fees: FeeOffer },
  ): Promise<SignedTransaction> {
    const raw = await signTransaction(wallet, {
      type: 'eip1559',
      chainId: chain.id,
      to: tx.to,
      data: tx.data,
      nonce: tx.nonce,
      gas: tx.gas,
      maxFeePerGas: tx.fees.maxFeePerGas,
      maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
      value: 0n,
    });
    return { raw, hash: keccak256(raw), nonce: tx.nonce, gas: tx.gas, fees: tx.fees };
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
      return mintReceiptOf(receipt);
    },

    signerAddress: async () => (await signer()).account.address,

    exclusiveNonce(use) {
      return sends(async () => use(await port.pendingNonce()));
    },

    async signMintBatch(items, nonce, fees) {
      const wallet = await signer();
      const args = [items.map((item) => item.to), items.map((item) => item.tokenId)] as const;
      let gas: bigint;
      try {
        gas = await estimateContractGas(client, { ...contract, functionName: 'mintMany', args, account: wallet.account });
      } catch (error) {
        const revert = revertOf(error);
        if (!revert) throw chainUnavailable(error);
        return { kind: 'reverts', ...refusalOf(revert) };
      }
      const signed = await signWith(wallet, {
        to: contract.address,
        data: encodeFunctionData({ abi: plaqueTokenAbi, functionName: 'mintMany', args }),
        nonce,
        gas: gas + (gas * GAS_HEADROOM_PERCENT) / 100n,
        fees,
      });
      return { kind: 'signed', ...signed };
    },

    async signMetadataAnnouncement(tokenIds, nonce, fees) {
      const wallet = await signer();
      const args = [[...tokenIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))] as const;
      let gas: bigint;
      try {
        gas = await estimateContractGas(client, { ...contract, functionName: 'announceMetadata', args, account: wallet.account });
      } catch (error) {
        const revert = revertOf(error);
        if (!revert) throw chainUnavailable(error);
        throw new Error(`announceMetadata reverts: ${refusalOf(revert).detail}`);
      }
      return signWith(wallet, {
        to: contract.address,
        data: encodeFunctionData({ abi: plaqueTokenAbi, functionName: 'announceMetadata', args }),
        nonce,
        gas: gas + (gas * GAS_HEADROOM_PERCENT) / 100n,
        fees,
      });
    },

    async signNonceFiller(nonce, fees) {
      const wallet = await signer();
      return signWith(wallet, { to: wallet.account.address, data: '0x', nonce, gas: 21_000n, fees });
    },

    confirmedNonce: async () => port.nonceOf(await port.signerAddress(), 'latest'),

    pendingNonce: async () => port.nonceOf(await port.signerAddress(), 'pending'),

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
    signMintBatch: async () => fail(),
    signNonceFiller: async () => fail(),
    signMetadataAnnouncement: async () => fail(),
    sendRawTransaction: async () => fail(),
    transactionReceipt: async () => fail(),
    mintBatchReceipt: async () => fail(),
    nonceOf: async () => fail(),
    marketFees: async () => fail(),
    confirmedNonce: async () => fail(),
    pendingNonce: async () => fail(),
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
