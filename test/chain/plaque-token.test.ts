// PlaqueToken on a real anvil node through the chain port: simulated mints, the mint itself, many mints in one
// transaction (each an ordinary TransferSingle, each refused on its own, at the gas the design aims for), and the ABI
// the service calls matching what solc compiled.
import { describe, expect, inject, it } from 'vitest';
import { createPublicClient, createWalletClient, http, parseEventLogs, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AppError } from '#lib/errors.ts';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { loadPlaqueTokenArtifact } from '#lib/chain/compile-contract.ts';
import { MINTER_ROLE, plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import {
  BATCH_MINT_INTERFACE_ID,
  DEFAULT_ADMIN_ROLE,
  METADATA_UPDATE_INTERFACE_ID,
  plaqueTokenAdminAbi,
} from '#lib/chain/plaque-token-admin-abi.ts';
import { answersInterface } from '#lib/chain/contract-interfaces.ts';
import { hasMinterRole } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { freePort } from '#lib/local/child-process.ts';
import { ownChain, stranger } from '../support/chain.ts';
import { aReceiver } from '../support/receivers.ts';

const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('PlaqueToken', () => {
  it('declares in source exactly the ABI entries solc compiled for them', () => {
    const compiled = loadPlaqueTokenArtifact().abi as readonly { type: string; name?: string }[];
    for (const entry of [...plaqueTokenAbi, ...plaqueTokenAdminAbi]) {
      const match = compiled.find((c) => c.type === entry.type && c.name === entry.name);
      expect(match, `${entry.type} ${entry.name}`).toEqual(entry);
    }
  });

  it('names MINTER_ROLE as the contract does, and answers as an AccessControl contract', async () => {
    const { chain } = await ownChain();
    const client = createPublicClient({ transport: http(inject('rpcUrl')) });
    const onChain = await client.readContract({ address: chain.contractAddress, abi: plaqueTokenAdminAbi, functionName: 'MINTER_ROLE' });
    expect(onChain).toBe(MINTER_ROLE);
    expect(await hasMinterRole(inject('rpcUrl'), chain.contractAddress)).toBe(true);
  });

  it('simulates a fresh token id as mintable, and as ALREADY_MINTED once minted', async () => {
    const { chain } = await ownChain();
    expect(await chain.simulateMint(42n)).toEqual({ mintable: true });
    const hash = await chain.sendMint(BUYER, 42n);
    expect(await chain.waitForReceipt(hash)).toMatchObject({ status: 'success' });
    expect(await chain.balanceOf(BUYER, 42n)).toBe(1n);
    expect(await chain.tokenExists(42n)).toBe(true);
    expect(await chain.simulateMint(42n)).toEqual({ mintable: false, reason: 'ALREADY_MINTED', detail: 'AlreadyMinted' });
    expect(await chain.simulateMint(43n)).toEqual({ mintable: true });
  });

  it('refuses a mint by an account without MINTER_ROLE', async () => {
    const { chain } = await ownChain();
    const other = await stranger();
    await expect(
      other.wallet.writeContract({
        address: chain.contractAddress,
        abi: plaqueTokenAbi,
        functionName: 'mint',
        args: [other.address, 1n, '0x'],
        chain: null,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
  });

  it('reports NOT_MINTABLE when nobody can mint any more (the minter renounced its role)', async () => {
    const { chain, signerKey, owner } = await ownChain();
    expect(await chain.minterAddress()).toBe(owner);
    const wallet = createWalletClient({ account: privateKeyToAccount(signerKey), transport: http(inject('rpcUrl')) });
    const renounced = await wallet.writeContract({
      address: chain.contractAddress,
      abi: plaqueTokenAdminAbi,
      functionName: 'renounceRole',
      args: [MINTER_ROLE, owner],
      chain: null,
    });
    expect(await chain.waitForReceipt(renounced)).toMatchObject({ status: 'success' });
    const fresh = createChainPort({
      rpcUrl: inject('rpcUrl'),
      chainId: ANVIL_CHAIN_ID,
      contractAddress: chain.contractAddress,
      signerKey: fixedSignerKey(signerKey),
    });
    expect(await fresh.minterAddress()).toBeNull();
    expect(await fresh.simulateMint(5n)).toMatchObject({ mintable: false, reason: 'NOT_MINTABLE' });
  });

  it('follows a signer rotation: a reader that remembered the old minter simulates from the new one', async () => {
    const { chain, signerKey, owner } = await ownChain();
    expect(await chain.minterAddress()).toBe(owner);
    const next = await stranger();
    const admin = createWalletClient({ account: privateKeyToAccount(signerKey), transport: http(inject('rpcUrl')) });
    const client = createPublicClient({ transport: http(inject('rpcUrl')) });
    const role = async (functionName: 'grantRole' | 'revokeRole', account: `0x${string}`) =>
      client.waitForTransactionReceipt({
        hash: await admin.writeContract({
          address: chain.contractAddress,
          abi: plaqueTokenAdminAbi,
          functionName,
          args: [MINTER_ROLE, account],
          chain: null,
        }),
      });
    await role('grantRole', next.address);
    await role('revokeRole', owner);
    expect(await chain.simulateMint(6n)).toEqual({ mintable: true });
    expect(await chain.minterAddress()).toBe(next.address);
    // The admin role did not move.
    expect(
      await client.readContract({
        address: chain.contractAddress,
        abi: plaqueTokenAdminAbi,
        functionName: 'hasRole',
        args: [DEFAULT_ADMIN_ROLE, owner],
      }),
    ).toBe(true);
  });

  it('answers 503 CHAIN_UNAVAILABLE when the node does not answer', async () => {
    const port = createChainPort({
      rpcUrl: `http://127.0.0.1:${await freePort()}`,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: inject('contractAddress'),
      signerKey: fixedSignerKey(ANVIL_DEV_KEY),
      timeoutMs: 500,
    });
    const failure = await port.simulateMint(1n).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE' });
    expect((failure as AppError).headers['Retry-After']).toBeDefined();
  });
});

describe('PlaqueToken.mintMany', () => {
  const client = createPublicClient({ transport: http(inject('rpcUrl')) });
  const fresh = (count: number): Address[] => Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()).address);
  const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };

  async function mintMany(chain: Awaited<ReturnType<typeof ownChain>>['chain'], items: { to: Address; tokenId: bigint }[]) {
    const signed = await chain.exclusiveNonce((nonce) => chain.signMintBatch(items, nonce, FEES));
    if (signed.kind !== 'signed') throw new Error(`not signed: ${signed.detail}`);
    await chain.sendRawTransaction(signed.raw);
    return client.waitForTransactionReceipt({ hash: signed.hash });
  }

  it('mints 50 tokens to 50 buyers in one transaction at no more than 35 000 gas a token, one TransferSingle from the zero address each', async () => {
    const { chain, owner } = await ownChain();
    expect(await answersInterface(inject('rpcUrl'), chain.contractAddress, BATCH_MINT_INTERFACE_ID)).toBe(true);
    const buyers = fresh(50);
    const items = buyers.map((to, i) => ({ to, tokenId: 1_000n + BigInt(i) }));
    const receipt = await mintMany(chain, items);
    expect(receipt.status).toBe('success');
    expect(Number(receipt.gasUsed) / 50).toBeLessThanOrEqual(35_000);
    const transfers = parseEventLogs({ abi: plaqueTokenAbi, logs: receipt.logs, eventName: 'TransferSingle' });
    expect(transfers.map((t) => t.args)).toEqual(
      items.map(({ to, tokenId }) => ({ operator: owner, from: zeroAddress, to, id: tokenId, value: 1n })),
    );
    for (const { to, tokenId } of items) expect(await chain.balanceOf(to, tokenId)).toBe(1n);
    expect(await chain.tokenExists(1_049n)).toBe(true);
    expect(await chain.tokenExists(1_050n)).toBe(false);
  });

  it('refuses a token minted already, the zero address and receivers that refuse, each on its own, and mints the rest', async () => {
    const { chain, owner } = await ownChain();
    const [taking, refusing] = await Promise.all([aReceiver('TakingReceiver'), aReceiver('RefusingReceiver')]);
    const [a, b] = fresh(2);
    await mintMany(chain, [{ to: a!, tokenId: 7n }]);
    const receipt = await mintMany(chain, [
      { to: b!, tokenId: 7n },
      { to: zeroAddress, tokenId: 8n },
      { to: refusing, tokenId: 9n },
      { to: taking, tokenId: 10n },
      { to: b!, tokenId: 11n },
    ]);
    expect(receipt.status).toBe('success');
    const refused = parseEventLogs({ abi: plaqueTokenAbi, logs: receipt.logs, eventName: 'MintRefused' }).map((e) => e.args.id);
    expect(refused).toEqual([7n, 8n, 9n]);
    // The receiver contract that takes tokens got its TransferSingle with the minter as operator, like a buyer's wallet.
    const transfers = parseEventLogs({ abi: plaqueTokenAbi, logs: receipt.logs, eventName: 'TransferSingle' }).map((t) => t.args);
    expect(transfers).toEqual([
      { operator: owner, from: zeroAddress, to: taking, id: 10n, value: 1n },
      { operator: owner, from: zeroAddress, to: b, id: 11n, value: 1n },
    ]);
    expect(await chain.balanceOf(a!, 7n)).toBe(1n);
    expect(await chain.balanceOf(b!, 7n)).toBe(0n);
    expect(await chain.tokenExists(8n)).toBe(false);
    expect(await chain.tokenExists(9n)).toBe(false);
    expect(await chain.balanceOf(taking, 10n)).toBe(1n);
  });

  it('lets nobody but a minter mint many, and nobody but the contract itself call its receiver step', async () => {
    const { chain } = await ownChain();
    const other = await stranger();
    await expect(
      other.wallet.writeContract({
        address: chain.contractAddress,
        abi: plaqueTokenAbi,
        functionName: 'mintMany',
        args: [[other.address], [1n]],
        chain: null,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    const abi = loadPlaqueTokenArtifact().abi;
    await expect(
      other.wallet.writeContract({
        address: chain.contractAddress,
        abi,
        functionName: 'mintToReceiver',
        args: [other.address, 2n],
        chain: null,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    expect(await chain.tokenExists(1n)).toBe(false);
    expect(await chain.tokenExists(2n)).toBe(false);
  });
});

describe('PlaqueToken.announceMetadata', () => {
  const client = createPublicClient({ transport: http(inject('rpcUrl')) });
  const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
  const eventsAbi = [...plaqueTokenAbi, ...plaqueTokenAdminAbi];

  it('answers ERC-165 for ERC-4906 and announces runs of consecutive ids as one BatchMetadataUpdate, other ids one MetadataUpdate each', async () => {
    const { chain } = await ownChain();
    expect(await answersInterface(inject('rpcUrl'), chain.contractAddress, METADATA_UPDATE_INTERFACE_ID)).toBe(true);
    // Given in any order: the port sorts them.
    const ids = [21n, 5n, 7n, 9n, 6n, 20n];
    const signed = await chain.exclusiveNonce((nonce) => chain.signMetadataAnnouncement(ids, nonce, FEES));
    await chain.sendRawTransaction(signed.raw);
    const receipt = await client.waitForTransactionReceipt({ hash: signed.hash });
    expect(receipt.status).toBe('success');
    const logs = parseEventLogs({ abi: eventsAbi, logs: receipt.logs }).map((log) => [log.eventName, log.args]);
    expect(logs).toEqual([
      ['BatchMetadataUpdate', { _fromTokenId: 5n, _toTokenId: 7n }],
      ['MetadataUpdate', { _tokenId: 9n }],
      ['BatchMetadataUpdate', { _fromTokenId: 20n, _toTokenId: 21n }],
    ]);
    // Six ids in three events: 32 091 gas with the transaction's 21 000 (the figure the contract's comment gives).
    expect(receipt.gasUsed).toBeLessThan(35_000n);
  });

  it('lets nobody but a minter announce', async () => {
    const { chain } = await ownChain();
    const other = await stranger();
    await expect(
      other.wallet.writeContract({
        address: chain.contractAddress,
        abi: plaqueTokenAbi,
        functionName: 'announceMetadata',
        args: [[1n]],
        chain: null,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
  });
});
