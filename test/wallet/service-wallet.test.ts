// Service wallets: addresses derived from the HD mnemonic at m/44'/60'/0'/0/<user id>; the mnemonic made once locally.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import { localMnemonic, localMnemonicFile, serviceWallets } from '#lib/wallet/service-wallet.ts';

// The well-known development mnemonic: its first accounts are anvil's and Hardhat's default accounts.
const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

describe('service wallets', () => {
  it('derive the BIP-44 address at index = user id', async () => {
    const wallets = serviceWallets(async () => TEST_MNEMONIC);
    expect(await wallets.addressFor(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(await wallets.addressFor(1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(await wallets.addressFor(57)).toBe(mnemonicToAccount(TEST_MNEMONIC, { path: "m/44'/60'/0'/0/57" }).address);
  });

  it('refuse a secret that is not a mnemonic (e.g. the placeholder) instead of deriving from it', async () => {
    await expect(serviceWallets(async () => 'Xq7#placeholder-value').addressFor(1)).rejects.toThrow(/not a BIP-39/);
  });

  it('generate the local mnemonic once, readable only by its owner, the same for concurrent first users', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-wallet-'));
    const source = localMnemonic(dataDir);
    const phrases = await Promise.all(Array.from({ length: 5 }, () => source()));
    expect(new Set(phrases).size).toBe(1);
    expect(phrases[0]!.trim().split(' ')).toHaveLength(12);
    expect(statSync(localMnemonicFile(dataDir)).mode & 0o777).toBe(0o600);
    const wallets = serviceWallets(localMnemonic(dataDir));
    expect(await wallets.addressFor(3)).toBe(
      mnemonicToAccount(readFileSync(localMnemonicFile(dataDir), 'utf8').trim(), { addressIndex: 3 }).address,
    );
  });
});
