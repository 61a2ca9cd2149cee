// Local data folders from before roles (an Ownable PlaqueToken), from before settable metadata URIs (a URI fixed at
// deployment), from before batch mints (one mint a transaction) and from before ERC-4906 announcements: the next start replaces the recorded contract with
// the current one and moves the records that named the old one (nothing lost: minted plaques keep theirs, and their
// tokens the URI the old contract names).
import { describe, expect, inject, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import solc from 'solc';
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensurePlaqueToken, forgetReplacedContract, hasMinterRole } from '#lib/chain/deploy.ts';
import { answersInterface } from '#lib/chain/contract-interfaces.ts';
import { BATCH_MINT_INTERFACE_ID, METADATA_UPDATE_INTERFACE_ID } from '#lib/chain/plaque-token-admin-abi.ts';
import { hasSettableUris, readMetadataUris, setMetadataUris } from '#lib/chain/metadata-uris.ts';
import { dbOf } from '#lib/db/client.ts';
import { moveRecordsToContract } from '#lib/db/contract-move-repo.ts';
import { toItem as orderItem } from '#lib/db/order-item.ts';
import { toItem as plaqueItem, plaqueRepo } from '#lib/db/plaque-repo.ts';
import { deliveryOrderRepo } from '#lib/db/delivery-order-repo.ts';
import type { Order } from '#lib/partner/order.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';

const require = createRequire(import.meta.url);

/** PlaqueToken as it was before roles (owner-only mint). */
const OWNABLE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
contract PlaqueToken is ERC1155Supply, Ownable {
    error AlreadyMinted(uint256 id);
    constructor(address initialOwner, string memory uri_) ERC1155(uri_) Ownable(initialOwner) {}
    function mint(address to, uint256 id, bytes calldata data) external onlyOwner {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }
}`;

/** PlaqueToken as it was before its metadata URIs could be set: roles, and the URI given at deployment for good. */
const FIXED_URI_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
contract PlaqueToken is ERC1155Supply, AccessControlEnumerable {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    error AlreadyMinted(uint256 id);
    constructor(address admin, address minter, string memory uri_) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }
    function mint(address to, uint256 id, bytes calldata data) external onlyRole(MINTER_ROLE) {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }
    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlEnumerable) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}`;

/**
 * PlaqueToken as it was before batch mints: roles and settable metadata URIs, one mint a transaction, and a per-id
 * supply (ERC1155Supply) to refuse a second mint.
 */
const ONE_AT_A_TIME_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";

interface IERC7572 {
    function contractURI() external view returns (string memory);

    event ContractURIUpdated();
}

contract PlaqueToken is ERC1155Supply, AccessControlEnumerable, IERC7572 {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);

    error AlreadyMinted(uint256 id);

    string private _contractURI;

    constructor(address admin, address minter, string memory uri_, string memory contractURI_) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
        _contractURI = contractURI_;
    }

    function mint(address to, uint256 id, bytes calldata data) external onlyRole(MINTER_ROLE) {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }

    function setURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(newuri);
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    function setContractURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _contractURI = newuri;
        emit ContractURIUpdated();
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlEnumerable) returns (bool) {
        return interfaceId == type(IERC7572).interfaceId || super.supportsInterface(interfaceId);
    }
}`;

/** The URI every earlier PlaqueToken was deployed with, whatever the stage. */
const FIXED_URI = 'https://plaques.dev/tokens/{id}.json';
const LOCAL_BASE = 'http://127.0.0.1:3000';

function compile(source: string): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'PlaqueToken.sol': { content: source } },
    settings: { evmVersion: 'cancun', outputSelection: { 'PlaqueToken.sol': { PlaqueToken: ['abi', 'evm.bytecode.object'] } } },
  };
  const findImport = (path: string) => ({ contents: readFileSync(require.resolve(path), 'utf8') });
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const compiled = out.contracts['PlaqueToken.sol'].PlaqueToken;
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}

async function fundedKey(rpcUrl: string): Promise<Hex> {
  const key = generatePrivateKey();
  await createPublicClient({ transport: http(rpcUrl) }).request({
    method: 'anvil_setBalance' as never,
    params: [privateKeyToAccount(key).address, '0x56BC75E2D63100000'] as never,
  });
  return key;
}

const anOrder = (overrides: Partial<Order>): Order => ({
  orderId: `ord_${Math.random().toString(36).slice(2)}`,
  partnerId: 1,
  apiKeyId: 'key_1',
  plaqueId: 1,
  plaqueName: 'ABC-0001',
  reservationId: 'res_1',
  buyerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  price: 10,
  currency: 'USD',
  tokenId: '1',
  contractAddress: '0x0000000000000000000000000000000000000001',
  status: 'SOLD',
  txHash: null,
  failureReason: null,
  cancelReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deliveredAt: null,
  mintCost: null,
  ...overrides,
});

/** An older PlaqueToken deployed by a funded account of its own, and a data folder's record naming it. */
async function anOlderContract(source: string, args: (account: Address) => readonly unknown[]) {
  const rpcUrl = inject('rpcUrl');
  const key = await fundedKey(rpcUrl);
  const account = privateKeyToAccount(key);
  const old = compile(source);
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  const client = createPublicClient({ transport: http(rpcUrl) });
  const hash = await wallet.deployContract({ abi: old.abi, bytecode: old.bytecode, args: args(account.address), chain: null });
  const oldAddress = getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!);
  const recordFile = join(mkdtempSync(join(tmpdir(), 'plaque-upgrade-')), 'contract.json');
  writeFileSync(
    recordFile,
    JSON.stringify({ chainId: await client.getChainId(), contractAddress: oldAddress, deployedAt: '2026-01-01T00:00:00.000Z' }),
  );
  return { rpcUrl, key, account, old, wallet, client, oldAddress, recordFile };
}

describe('a local data folder with the Ownable PlaqueToken', () => {
  it('gets the AccessControl contract on the next start, and its unminted plaques and unsigned orders move to it', async () => {
    const { rpcUrl, key, oldAddress, recordFile } = await anOlderContract(OWNABLE_SOURCE, (account) => [account, FIXED_URI]);
    expect(await hasMinterRole(rpcUrl, oldAddress)).toBe(false);

    const upgraded = await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE });
    expect(upgraded).toMatchObject({ deployed: true, replaced: oldAddress });
    expect(await hasMinterRole(rpcUrl, upgraded.contractAddress)).toBe(true);
    // A start that stops before the records moved finds the same replacement to finish.
    expect(await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE })).toEqual({
      contractAddress: upgraded.contractAddress,
      deployed: false,
      replaced: oldAddress,
    });

    const ctx = await freshTable();
    const put = (item: Record<string, unknown>) => dbOf(ctx).send(new PutCommand({ TableName: ctx.tableName, Item: item }));
    const available = aPlaque({ id: 1, contractAddress: oldAddress, status: 'AVAILABLE' });
    const minted = aPlaque({ id: 2, contractAddress: oldAddress, status: 'MINTED', minted: true, tokenId: '2', token_id: '2' } as never);
    const unrecorded = aPlaque({ id: 3, contractAddress: null });
    for (const plaque of [available, minted, unrecorded]) await put(plaqueItem(plaque));
    const sold = anOrder({ contractAddress: oldAddress, status: 'SOLD' });
    const failed = anOrder({ contractAddress: oldAddress, status: 'FAILED', failureReason: 'NOT_MINTABLE' });
    const signed = anOrder({ contractAddress: oldAddress, status: 'MINTING' });
    const delivered = anOrder({ contractAddress: oldAddress, status: 'DELIVERED', txHash: `0x${'ab'.repeat(32)}` });
    for (const order of [sold, failed, signed, delivered]) await put(orderItem(order));

    const moved = await moveRecordsToContract(dbOf(ctx), ctx.tableName, oldAddress, upgraded.contractAddress, new Date());
    expect(moved).toEqual({ plaques: 1, orders: 2, left: [signed.orderId] });
    const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
    const orders = deliveryOrderRepo(dbOf(ctx), ctx.tableName);
    expect((await plaques.getForSale(1))!.plaque.contractAddress).toBe(upgraded.contractAddress);
    expect((await plaques.getForSale(2))!.plaque.contractAddress).toBe(oldAddress);
    expect((await plaques.getForSale(3))!.plaque.contractAddress).toBeNull();
    for (const [order, contract] of [
      [sold, upgraded.contractAddress],
      [failed, upgraded.contractAddress],
      [signed, oldAddress],
      [delivered, oldAddress],
    ] as const) {
      expect((await orders.getForDelivery(order.orderId))!.order.contractAddress, order.status).toBe(contract);
    }
    // Moving twice moves nothing more.
    expect(await moveRecordsToContract(dbOf(ctx), ctx.tableName, oldAddress, upgraded.contractAddress, new Date())).toEqual({
      plaques: 0,
      orders: 0,
      left: [signed.orderId],
    });

    forgetReplacedContract(recordFile);
    expect(await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE })).toEqual({
      contractAddress: upgraded.contractAddress,
      deployed: false,
      replaced: null,
    });
  });
});

describe('a local data folder with a PlaqueToken whose URI was fixed at deployment', () => {
  it('gets the current contract on the next start, named at the local server; tokens minted on the old one keep its URI', async () => {
    const { rpcUrl, key, account, old, wallet, client, oldAddress, recordFile } = await anOlderContract(FIXED_URI_SOURCE, (account) => [
      account,
      account,
      FIXED_URI,
    ]);
    const minted = await wallet.writeContract({
      address: oldAddress,
      abi: old.abi,
      functionName: 'mint',
      args: [account.address, 7n, '0x'],
      chain: null,
    });
    await client.waitForTransactionReceipt({ hash: minted });
    expect(await hasMinterRole(rpcUrl, oldAddress)).toBe(true);
    expect(await hasSettableUris(rpcUrl, oldAddress)).toBe(false);
    await expect(setMetadataUris({ rpcUrl, contractAddress: oldAddress, adminKey: key, base: LOCAL_BASE })).rejects.toThrow(
      /metadata URIs cannot be set: deploy a new one/,
    );

    const upgraded = await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE });
    expect(upgraded).toMatchObject({ deployed: true, replaced: oldAddress });
    expect(await readMetadataUris(rpcUrl, upgraded.contractAddress)).toEqual({
      uri: `${LOCAL_BASE}/tokens/{id}.json`,
      contractURI: `${LOCAL_BASE}/contract.json`,
    });
    // A start on another port moves it; a start on the same port sends nothing.
    expect(
      (await setMetadataUris({ rpcUrl, contractAddress: upgraded.contractAddress, adminKey: key, base: LOCAL_BASE })).transactions,
    ).toEqual([]);
    const moved = await setMetadataUris({
      rpcUrl,
      contractAddress: upgraded.contractAddress,
      adminKey: key,
      base: 'http://127.0.0.1:3100',
    });
    expect(moved.transactions).toHaveLength(2);
    expect(await readMetadataUris(rpcUrl, upgraded.contractAddress)).toEqual({
      uri: 'http://127.0.0.1:3100/tokens/{id}.json',
      contractURI: 'http://127.0.0.1:3100/contract.json',
    });
    // The token minted on the old contract is still there, with the URI that contract was deployed with.
    const oldToken = { address: oldAddress, abi: old.abi } as const;
    expect(await client.readContract({ ...oldToken, functionName: 'balanceOf', args: [account.address, 7n] })).toBe(1n);
    expect(await client.readContract({ ...oldToken, functionName: 'uri', args: [7n] })).toBe(FIXED_URI);
  });
});

describe('a local data folder with a PlaqueToken that mints one token a transaction', () => {
  it('gets the batch-minting contract on the next start; the token minted on the old one stays there', async () => {
    const { rpcUrl, key, account, old, wallet, client, oldAddress, recordFile } = await anOlderContract(ONE_AT_A_TIME_SOURCE, (account) => [
      account,
      account,
      `${LOCAL_BASE}/tokens/{id}.json`,
      `${LOCAL_BASE}/contract.json`,
    ]);
    const minted = await wallet.writeContract({
      address: oldAddress,
      abi: old.abi,
      functionName: 'mint',
      args: [account.address, 7n, '0x'],
      chain: null,
    });
    await client.waitForTransactionReceipt({ hash: minted });
    expect(await hasMinterRole(rpcUrl, oldAddress)).toBe(true);
    expect(await hasSettableUris(rpcUrl, oldAddress)).toBe(true);
    expect(await answersInterface(rpcUrl, oldAddress, BATCH_MINT_INTERFACE_ID)).toBe(false);

    const upgraded = await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE });
    expect(upgraded).toMatchObject({ deployed: true, replaced: oldAddress });
    expect(await answersInterface(rpcUrl, upgraded.contractAddress, BATCH_MINT_INTERFACE_ID)).toBe(true);
    // Once current, it is kept.
    forgetReplacedContract(recordFile);
    expect(await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE })).toEqual({
      contractAddress: upgraded.contractAddress,
      deployed: false,
      replaced: null,
    });
    expect(await client.readContract({ address: oldAddress, abi: old.abi, functionName: 'balanceOf', args: [account.address, 7n] })).toBe(
      1n,
    );
  });
});

describe('a local data folder with a PlaqueToken that announces no metadata change', () => {
  // The current source without its ERC-4906 answer: the contract every start deployed before announcements.
  const WITHOUT_4906 = readFileSync('lib/chain/contracts/PlaqueToken.sol', 'utf8').replace('interfaceId == ERC4906_INTERFACE_ID ||', '');

  it('gets the contract that answers ERC-165 for ERC-4906 on the next start', async () => {
    const { rpcUrl, key, oldAddress, recordFile } = await anOlderContract(WITHOUT_4906, (account) => [
      account,
      account,
      `${LOCAL_BASE}/tokens/{id}.json`,
      `${LOCAL_BASE}/contract.json`,
    ]);
    expect(await answersInterface(rpcUrl, oldAddress, BATCH_MINT_INTERFACE_ID)).toBe(true);
    expect(await answersInterface(rpcUrl, oldAddress, METADATA_UPDATE_INTERFACE_ID)).toBe(false);

    const upgraded = await ensurePlaqueToken({ rpcUrl, deployerKey: key, recordFile, publicBase: LOCAL_BASE });
    expect(upgraded).toMatchObject({ deployed: true, replaced: oldAddress });
    expect(await answersInterface(rpcUrl, upgraded.contractAddress, METADATA_UPDATE_INTERFACE_ID)).toBe(true);
  });
});
