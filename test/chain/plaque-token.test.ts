// PlaqueToken on a real anvil node through the chain port: simulated mints, the mint itself, and the ABI the
// service calls matching what solc compiled.
import { describe, expect, inject, it } from 'vitest';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AppError } from '#lib/errors.ts';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { loadPlaqueTokenArtifact } from '#lib/chain/compile-contract.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { freePort } from '#lib/local/child-process.ts';
import { ownChain, stranger } from '../support/chain.ts';

const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('PlaqueToken', () => {
  it('declares in source exactly the ABI entries solc compiled for them', () => {
    const compiled = loadPlaqueTokenArtifact().abi as readonly { type: string; name?: string }[];
    for (const entry of plaqueTokenAbi) {
      const match = compiled.find((c) => c.type === entry.type && c.name === entry.name);
      expect(match, `${entry.type} ${entry.name}`).toEqual(entry);
    }
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

  it('refuses a mint by anyone but the owner', async () => {
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
    ).rejects.toThrow(/OwnableUnauthorizedAccount/);
  });

  it('reports NOT_MINTABLE when nobody can mint any more (ownership renounced)', async () => {
    const { chain, signerKey } = await ownChain();
    const renounce = createChainPort({
      rpcUrl: inject('rpcUrl'),
      chainId: ANVIL_CHAIN_ID,
      contractAddress: chain.contractAddress,
      signerKey: fixedSignerKey(signerKey),
    });
    const wallet = createWalletClient({ account: privateKeyToAccount(signerKey), transport: http(inject('rpcUrl')) });
    const renounceAbi = [{ type: 'function', name: 'renounceOwnership', stateMutability: 'nonpayable', inputs: [], outputs: [] }] as const;
    await wallet.writeContract({ address: chain.contractAddress, abi: renounceAbi, functionName: 'renounceOwnership', chain: null });
    expect(await renounce.simulateMint(5n)).toMatchObject({ mintable: false, reason: 'NOT_MINTABLE' });
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
