// The chain port's delivery calls on an anvil node of this file's own (so it may stop mining): signing a batch mint with
// an explicit nonce and fees, broadcasting it (again), receipts with what became of each token, the signer's nonces,
// finding a mint, and serialized sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, keccak256, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AppError } from '#lib/errors.ts';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { createChainPort, type ChainPort } from '#lib/chain/chain-port.ts';
import { deployPlaqueToken } from '#lib/chain/deploy.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { freePort } from '#lib/local/child-process.ts';
import { TEST_PUBLIC_BASE } from '../support/factories.ts';

let anvil: RunningAnvil;
let chain: ChainPort;
let rpc: ReturnType<typeof createPublicClient>;
let nextToken = 1n;

beforeAll(async () => {
  anvil = await startAnvil();
  const contractAddress = await deployPlaqueToken({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEY, publicBase: TEST_PUBLIC_BASE });
  chain = createChainPort({
    rpcUrl: anvil.rpcUrl,
    chainId: ANVIL_CHAIN_ID,
    contractAddress,
    signerKey: fixedSignerKey(ANVIL_DEV_KEY),
    pollingIntervalMs: 50,
  });
  rpc = createPublicClient({ transport: http(anvil.rpcUrl) });
});

afterAll(async () => {
  await anvil?.stop();
});

const aBuyer = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const setAutomine = (on: boolean) => rpc.request({ method: 'evm_setAutomine' as never, params: [on] as never });
const mine = () => rpc.request({ method: 'evm_mine' as never, params: [] as never });

const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };

async function signed(to: Address, tokenId: bigint) {
  const result = await chain.exclusiveNonce((nonce) => chain.signMintBatch([{ to, tokenId }], nonce, FEES));
  if (result.kind !== 'signed') throw new Error(`expected a signed mint, got ${result.reason}`);
  return result;
}

describe('signMintBatch and sendRawTransaction', () => {
  it('signs a mint with the given nonce and fees without sending it; broadcasting it mints to the buyer', async () => {
    const buyer = aBuyer();
    const tokenId = nextToken++;
    const nonce = await chain.confirmedNonce();
    const mint = await chain.signMintBatch([{ to: buyer, tokenId }], nonce, FEES);
    expect(mint).toMatchObject({ kind: 'signed', nonce, fees: FEES });
    if (mint.kind !== 'signed') return;
    expect(mint.hash).toBe(keccak256(mint.raw));
    expect(await chain.transactionReceipt(mint.hash)).toBeNull();
    expect(await chain.balanceOf(buyer, tokenId)).toBe(0n);

    expect(await chain.sendRawTransaction(mint.raw)).toBe('sent');
    expect(await chain.waitForReceipt(mint.hash, 5_000)).toMatchObject({ status: 'success' });
    expect(await chain.balanceOf(buyer, tokenId)).toBe(1n);
    expect(await chain.confirmedNonce()).toBe(nonce + 1);
  });

  it('says nonce-used when a mined transaction is broadcast again, and mints nothing more', async () => {
    const buyer = aBuyer();
    const tokenId = nextToken++;
    const mint = await signed(buyer, tokenId);
    await chain.sendRawTransaction(mint.raw);
    await chain.waitForReceipt(mint.hash, 5_000);
    expect(await chain.sendRawTransaction(mint.raw)).toBe('nonce-used');
    expect(await chain.balanceOf(buyer, tokenId)).toBe(1n);
  });

  it('says known when a pending transaction is broadcast again', async () => {
    await setAutomine(false);
    try {
      const mint = await signed(aBuyer(), nextToken++);
      expect(await chain.sendRawTransaction(mint.raw)).toBe('sent');
      expect(await chain.sendRawTransaction(mint.raw)).toBe('known');
      expect(await chain.transactionReceipt(mint.hash)).toBeNull();
      // Mined transactions only: the pending one is not counted.
      expect(await chain.confirmedNonce()).toBe(mint.nonce);
      await mine();
      expect(await chain.transactionReceipt(mint.hash)).toMatchObject({ status: 'success' });
    } finally {
      await setAutomine(true);
    }
  });

  it('mints a batch to many buyers, and its receipt says which tokens were minted and which refused, and why', async () => {
    const taken = nextToken++;
    const first = await signed(aBuyer(), taken);
    await chain.sendRawTransaction(first.raw);
    await chain.waitForReceipt(first.hash, 5_000);
    const [a, b] = [aBuyer(), aBuyer()];
    const [one, two] = [nextToken++, nextToken++];
    const items = [
      { to: a, tokenId: one },
      { to: b, tokenId: taken },
      { to: chain.contractAddress, tokenId: two },
    ];
    const batch = await chain.exclusiveNonce((nonce) => chain.signMintBatch(items, nonce, FEES));
    if (batch.kind !== 'signed') throw new Error('not signed');
    await chain.sendRawTransaction(batch.raw);
    await chain.waitForReceipt(batch.hash, 5_000);
    const receipt = await chain.mintBatchReceipt(batch.hash);
    expect(receipt).toMatchObject({ status: 'success', minted: [{ tokenId: one, to: a }] });
    expect(receipt!.refused).toEqual([
      { tokenId: taken, to: b, reason: 'ALREADY_MINTED', detail: 'AlreadyMinted' },
      // A contract without onERC1155Received cannot hold the token.
      { tokenId: two, to: chain.contractAddress, reason: 'NOT_MINTABLE', detail: expect.any(String) },
    ]);
    expect(receipt!.gasUsed * receipt!.effectiveGasPrice).toBeGreaterThan(0n);
    expect(await chain.mintBatchReceipt(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('signs nothing when the whole call would revert: a signer without MINTER_ROLE', async () => {
    const outsider = createChainPort({
      rpcUrl: anvil.rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: chain.contractAddress,
      signerKey: fixedSignerKey(generatePrivateKey()),
    });
    expect(await outsider.signMintBatch([{ to: aBuyer(), tokenId: nextToken++ }], 0, FEES)).toEqual({
      kind: 'reverts',
      reason: 'NOT_MINTABLE',
      detail: 'AccessControlUnauthorizedAccount',
    });
  });
});

describe('exclusiveNonce', () => {
  it('hands concurrent senders consecutive nonces, one at a time, so every mint of a burst lands', async () => {
    const first = await chain.confirmedNonce();
    const buyers = Array.from({ length: 6 }, aBuyer);
    const tokens = buyers.map(() => nextToken++);
    let running = 0;
    let overlapped = false;
    const mints = await Promise.all(
      buyers.map((buyer, i) =>
        chain.exclusiveNonce(async (nonce) => {
          overlapped ||= running > 0;
          running++;
          const mint = await chain.signMintBatch([{ to: buyer, tokenId: tokens[i]! }], nonce, FEES);
          if (mint.kind !== 'signed') throw new Error('not signed');
          await chain.sendRawTransaction(mint.raw);
          running--;
          return mint;
        }),
      ),
    );
    expect(overlapped).toBe(false);
    expect(mints.map((m) => m.nonce).sort((a, b) => a - b)).toEqual(buyers.map((_, i) => first + i));
    for (const mint of mints) expect(await chain.waitForReceipt(mint.hash, 5_000)).toMatchObject({ status: 'success' });
    for (const [i, buyer] of buyers.entries()) expect(await chain.balanceOf(buyer, tokens[i]!)).toBe(1n);
  });

  it('lets the next sender in after one fails', async () => {
    await expect(chain.exclusiveNonce(async () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(await chain.exclusiveNonce(async (nonce) => nonce)).toBe(await chain.confirmedNonce());
  });
});

describe('reading what happened', () => {
  it('finds the transaction that minted a token to a wallet, and null for a token never minted', async () => {
    const buyer = aBuyer();
    const tokenId = nextToken++;
    const mint = await signed(buyer, tokenId);
    await chain.sendRawTransaction(mint.raw);
    await chain.waitForReceipt(mint.hash, 5_000);
    expect(await chain.findMintTransaction(buyer, tokenId)).toBe(mint.hash);
    expect(await chain.findMintTransaction(aBuyer(), tokenId)).toBeNull();
    expect(await chain.findMintTransaction(buyer, nextToken++)).toBeNull();
  });

  it('answers null for the receipt of a transaction the node never saw', async () => {
    expect(await chain.transactionReceipt(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('answers 503 CHAIN_UNAVAILABLE from every delivery call when the node does not answer', async () => {
    const down = createChainPort({
      rpcUrl: `http://127.0.0.1:${await freePort()}`,
      chainId: ANVIL_CHAIN_ID,
      contractAddress: chain.contractAddress,
      signerKey: fixedSignerKey(ANVIL_DEV_KEY),
      timeoutMs: 300,
    });
    const mint = await signed(aBuyer(), nextToken++);
    for (const call of [
      () => down.transactionReceipt(mint.hash),
      () => down.confirmedNonce(),
      () => down.sendRawTransaction(mint.raw),
      () => down.exclusiveNonce(async (n) => n),
      () => down.signMintBatch([{ to: aBuyer(), tokenId: 1n }], 0, FEES),
      () => down.marketFees(),
      () => down.mintBatchReceipt(mint.hash),
      () => down.nonceOf(aBuyer(), 'pending'),
      () => down.waitForReceipt(mint.hash, 500),
    ]) {
      const failure = await call().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE' });
    }
  });
});
