// BIP-44 derivation of a service wallet address: m/44'/60'/0'/0/<index> from the mnemonic (viem).
import { mnemonicToAccount } from 'viem/accounts';

export const addressAt = (mnemonic: string, index: number): `0x${string}` => mnemonicToAccount(mnemonic, { addressIndex: index }).address;
