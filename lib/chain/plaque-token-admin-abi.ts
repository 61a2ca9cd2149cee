// The part of PlaqueToken's ABI only operators call: roles (the ops commands deploy-contract and rotate-signer, and
// the local runtime telling an AccessControl contract from an older one) and the metadata addresses (deploy-contract,
// set-token-uri and the local start). Checked against solc's output by a test.

/** ERC-165 interface id of OpenZeppelin's IAccessControl: a contract answering true for it has roles. */
export const ACCESS_CONTROL_INTERFACE_ID = '0x7965db0b' as const;

/** The admin role (bytes32 zero): grants and revokes MINTER_ROLE. */
export const DEFAULT_ADMIN_ROLE = `0x${'00'.repeat(32)}` as const;

/** ERC-165 interface id of ERC-7572 (`contractURI()`): a contract answering true for it has settable metadata URIs. */
export const CONTRACT_URI_INTERFACE_ID = '0xe8a3d485' as const;

/**
 * ERC-165 interface id of PlaqueToken's IPlaqueBatchMint (`mintMany(address[],uint256[])`'s selector): a contract
 * answering true for it mints many tokens in one transaction, each refused on its own, and keeps no per-id supply.
 */
export const BATCH_MINT_INTERFACE_ID = '0x4029a3ce' as const;

/** ERC-165 interface id of ERC-4906 (metadata update events): a contract answering true for it announces metadata changes. */
export const METADATA_UPDATE_INTERFACE_ID = '0x49064906' as const;

const role = { internalType: 'bytes32', name: 'role', type: 'bytes32' } as const;
const account = { internalType: 'address', name: 'account', type: 'address' } as const;
const newUri = { internalType: 'string', name: 'newuri', type: 'string' } as const;

export const plaqueTokenAdminAbi = [
  {
    type: 'function',
    name: 'MINTER_ROLE',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ internalType: 'bytes32', name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'hasRole',
    stateMutability: 'view',
    inputs: [role, account],
    outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
  },
  { type: 'function', name: 'grantRole', stateMutability: 'nonpayable', inputs: [role, account], outputs: [] },
  { type: 'function', name: 'revokeRole', stateMutability: 'nonpayable', inputs: [role, account], outputs: [] },
  {
    type: 'function',
    name: 'renounceRole',
    stateMutability: 'nonpayable',
    inputs: [role, { internalType: 'address', name: 'callerConfirmation', type: 'address' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'supportsInterface',
    stateMutability: 'view',
    inputs: [{ internalType: 'bytes4', name: 'interfaceId', type: 'bytes4' }],
    outputs: [{ internalType: 'bool', name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'uri',
    stateMutability: 'view',
    inputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    outputs: [{ internalType: 'string', name: '', type: 'string' }],
  },
  {
    type: 'function',
    name: 'contractURI',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ internalType: 'string', name: '', type: 'string' }],
  },
  { type: 'function', name: 'setURI', stateMutability: 'nonpayable', inputs: [newUri], outputs: [] },
  { type: 'function', name: 'setContractURI', stateMutability: 'nonpayable', inputs: [newUri], outputs: [] },
  { type: 'event', name: 'ContractURIUpdated', anonymous: false, inputs: [] },
  {
    type: 'event',
    name: 'BatchMetadataUpdate',
    anonymous: false,
    inputs: [
      { indexed: false, internalType: 'uint256', name: '_fromTokenId', type: 'uint256' },
      { indexed: false, internalType: 'uint256', name: '_toTokenId', type: 'uint256' },
    ],
  },
  {
    type: 'error',
    name: 'AccessControlUnauthorizedAccount',
    inputs: [account, { internalType: 'bytes32', name: 'neededRole', type: 'bytes32' }],
  },
] as const;
