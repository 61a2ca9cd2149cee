// BIP-44 derivation of a service wallet address: m/44'/60'/0'/0/<index> from the mnemonic (BIP-39 seed, BIP-32 keys).
// Only the address is made: viem's `mnemonicToAccount` would also build a signing account (and bundle its code).
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey, privateKeyToAddress } from 'viem/accounts';
import { toHex } from 'viem';

export function addressAt(mnemonic: string, index: number): `0x${string}` {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(`m/44'/60'/0'/0/${index}`);
  return privateKeyToAddress(toHex(key.privateKey!));
}
