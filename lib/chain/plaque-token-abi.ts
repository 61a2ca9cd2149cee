// The part of PlaqueToken's ABI the service calls, typed for viem. Kept in source (not read from the generated
// artifact) so functions bundle and type-check without compiling Solidity; a test checks it against solc's output.
// What only operators call (granting and revoking roles) is in plaque-token-admin-abi.ts, out of the functions' bundles.

/** keccak256("MINTER_ROLE"): the role an account needs to mint (a test reads it from the contract). */
export const MINTER_ROLE = '0x9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6' as const;

export const plaqueTokenAbi = [
  {
    type: 'function',
    name: 'announceMetadata',
    stateMutability: 'nonpayable',
    inputs: [{ internalType: 'uint256[]', name: 'ids', type: 'uint256[]' }],
    outputs: [],
  },
  {
    type: 'event',
    name: 'MetadataUpdate',
    anonymous: false,
    inputs: [{ indexed: false, internalType: 'uint256', name: '_tokenId', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'mintMany',
    stateMutability: 'nonpayable',
    inputs: [
      { internalType: 'address[]', name: 'to', type: 'address[]' },
      { internalType: 'uint256[]', name: 'ids', type: 'uint256[]' },
    ],
    outputs: [{ internalType: 'uint256', name: 'minted', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { internalType: 'address', name: 'to', type: 'address' },
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'bytes', name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'exists',
    stateMutability: 'view',
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'getRoleMembers',
    stateMutability: 'view',
    inputs: [{ internalType: 'bytes32', name: 'role', type: 'bytes32' }],
    outputs: [{ internalType: 'address[]', name: '', type: 'address[]' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [
      { internalType: 'address', name: 'account', type: 'address' },
      { internalType: 'uint256', name: 'id', type: 'uint256' },
    ],
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
  },
  { type: 'error', name: 'AlreadyMinted', inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }] },
  { type: 'error', name: 'ReceiverGasShort', inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }] },
  {
    type: 'error',
    name: 'AccessControlUnauthorizedAccount',
    inputs: [
      { internalType: 'address', name: 'account', type: 'address' },
      { internalType: 'bytes32', name: 'neededRole', type: 'bytes32' },
    ],
  },
  {
    type: 'error',
    name: 'ERC1155InvalidReceiver',
    inputs: [{ internalType: 'address', name: 'receiver', type: 'address' }],
  },
  {
    type: 'event',
    name: 'TransferSingle',
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'operator', type: 'address' },
      { indexed: true, internalType: 'address', name: 'from', type: 'address' },
      { indexed: true, internalType: 'address', name: 'to', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: false, internalType: 'uint256', name: 'value', type: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'MintRefused',
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'to', type: 'address' },
      { indexed: false, internalType: 'bytes', name: 'reason', type: 'bytes' },
    ],
  },
] as const;
