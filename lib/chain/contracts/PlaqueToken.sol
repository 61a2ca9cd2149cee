// SPDX-License-Identifier: MIT
// The plaque token: one ERC-1155 id per plaque, minted once, only by an account holding MINTER_ROLE (the service's
// signer). The admin (DEFAULT_ADMIN_ROLE) grants and revokes that role, so the signer is rotated without moving
// the admin: grant the new signer, then revoke the old one. The admin also points the tokens' metadata (`uri`, one
// template for every id) and the collection's (`contractURI`, ERC-7572) at the stage's address.
//
// Gas: a mint pays for the buyer's new balance slot (about 22 100) and its TransferSingle event; whether an id was
// ever minted is one bit of a word that holds 256 ids (ids of a burst share words), not a per-id supply slot, which
// cost a second new slot per token and served only to refuse a second mint. `mintMany` mints many ids to many buyers
// in one transaction, so the transaction's 21 000 base is shared too.
//
// ERC-4906: when a minted token's metadata changes (its name or image), the minter announces it with
// `announceMetadata`, many ids a transaction: a run of consecutive ids is one BatchMetadataUpdate, any other id one
// MetadataUpdate, so marketplaces and indexers fetch the metadata again.
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";

/// ERC-7572: contract-level metadata.
interface IERC7572 {
    function contractURI() external view returns (string memory);

    event ContractURIUpdated();
}

/// Many mints in one transaction, each token refused on its own (ERC-165 id: `mintMany`'s selector, 0x4029a3ce).
interface IPlaqueBatchMint {
    function mintMany(address[] calldata to, uint256[] calldata ids) external returns (uint256 minted);
}

/// ERC-4906's events for an ERC-1155 collection (OpenZeppelin's IERC4906 extends IERC721, which this is not); its
/// ERC-165 id is 0x49064906 by the EIP's definition.
interface IERC4906Events {
    event MetadataUpdate(uint256 _tokenId);
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);
}

contract PlaqueToken is ERC1155, AccessControlEnumerable, IERC7572, IPlaqueBatchMint, IERC4906Events {
    /// Held by the accounts allowed to mint: the service's signer (two of them only while a rotation is under way).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// Gas a receiver contract's `onERC1155Received` may use in `mintMany` (with the mint itself): a refusal, or a
    /// receiver that runs out of it, refuses its own token, never the batch.
    uint256 public constant RECEIVER_GAS = 200_000;

    /// ERC-4906 (the EIP fixes this id rather than deriving it from the events).
    bytes4 private constant ERC4906_INTERFACE_ID = 0x49064906;

    /// A token of `mintMany` that was not minted, and why: the revert it met, ABI-encoded (`AlreadyMinted(id)`,
    /// `ERC1155InvalidReceiver(to)`, or what the receiver contract reverted with). The other tokens are minted.
    event MintRefused(uint256 indexed id, address indexed to, bytes reason);

    /// A plaque exists once: a second mint of its id reverts, so simulating a mint tells whether it is still mintable.
    error AlreadyMinted(uint256 id);

    /// `mintMany` was given too little gas to let a receiver contract answer: the whole call reverts, so a gas
    /// estimate always covers every receiver's share.
    error ReceiverGasShort(uint256 id);

    string private _contractURI;

    /// Bit `id % 256` of word `id / 256` is set once `id` is minted.
    mapping(uint256 => uint256) private _mintedWords;

    /// The minter, while `mintMany` mints to a receiver contract through its own external call (transient: EIP-1153).
    address private transient _batchOperator;

    constructor(address admin, address minter, string memory uri_, string memory contractURI_) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
        _contractURI = contractURI_;
    }

    /// Whether `id` was ever minted.
    function exists(uint256 id) public view returns (bool) {
        return _mintedWords[id >> 8] & (1 << (id & 0xff)) != 0;
    }

    /// Mints the single token of plaque `id` to `to`; reverts when it cannot (already minted, refused by `to`).
    function mint(address to, uint256 id, bytes calldata data) external onlyRole(MINTER_ROLE) {
        _markMinted(id);
        _mint(to, id, 1, data);
    }

    /// Mints each `ids[i]` to `to[i]`, one TransferSingle from the zero address each, the ERC-1155 receiver check
    /// applied per buyer. A token that cannot be minted (already minted, the zero address, a receiver contract that
    /// refuses or fails) is skipped with MintRefused; the others are minted. Returns how many were.
    function mintMany(address[] calldata to, uint256[] calldata ids) external onlyRole(MINTER_ROLE) returns (uint256 minted) {
        if (to.length != ids.length) revert ERC1155InvalidArrayLength(ids.length, to.length);
        for (uint256 i; i < ids.length; ++i) {
            uint256 id = ids[i];
            address recipient = to[i];
            uint256 word = id >> 8;
            uint256 bit = 1 << (id & 0xff);
            uint256 bits = _mintedWords[word];
            if (bits & bit != 0) {
                emit MintRefused(id, recipient, abi.encodeWithSelector(AlreadyMinted.selector, id));
            } else if (recipient.code.length == 0) {
                if (recipient == address(0)) {
                    emit MintRefused(id, recipient, abi.encodeWithSelector(ERC1155InvalidReceiver.selector, recipient));
                    continue;
                }
                _mintedWords[word] = bits | bit;
                // No code at `recipient`: the acceptance check has nothing to call.
                _mint(recipient, id, 1, "");
                ++minted;
            } else {
                // A receiver contract: in a call of its own, so that its refusal undoes this token alone.
                if (gasleft() < (RECEIVER_GAS * 64) / 63 + 20_000) revert ReceiverGasShort(id);
                _batchOperator = _msgSender();
                try this.mintToReceiver{gas: RECEIVER_GAS}(recipient, id) {
                    ++minted;
                } catch (bytes memory reason) {
                    emit MintRefused(id, recipient, reason);
                }
                _batchOperator = address(0);
            }
        }
    }

    /// `mintMany`'s own call for a receiver contract (only this contract may call it); the minter stays the operator.
    function mintToReceiver(address to, uint256 id) external {
        if (msg.sender != address(this)) revert AccessControlUnauthorizedAccount(msg.sender, MINTER_ROLE);
        _markMinted(id);
        _mint(to, id, 1, "");
    }

    /// Points every token's metadata at `newuri` (`{id}` stands for the id in 64 lower-case hex digits). A new
    /// template changes every id's metadata, which ERC-1155's per-id URI event cannot say (OpenZeppelin's `_setURI`
    /// emits none for that reason): ERC-4906's BatchMetadataUpdate over every id does.
    function setURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(newuri);
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// ERC-4906: the metadata of `ids` changed. Ids given in ascending order make a run of consecutive ids one
    /// BatchMetadataUpdate(from, to); any other id is one MetadataUpdate. Checks nothing about the ids (the service
    /// announces minted tokens only), so its gas is the events' and the calldata's: six ids in three events took
    /// 32 091 gas, the transaction's 21 000 included.
    function announceMetadata(uint256[] calldata ids) external onlyRole(MINTER_ROLE) {
        uint256 n = ids.length;
        uint256 i;
        while (i < n) {
            uint256 from = ids[i];
            uint256 to = from;
            while (i + 1 < n && to != type(uint256).max && ids[i + 1] == to + 1) {
                ++i;
                ++to;
            }
            if (to == from) emit MetadataUpdate(from);
            else emit BatchMetadataUpdate(from, to);
            ++i;
        }
    }

    /// The collection's metadata (ERC-7572).
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    function setContractURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _contractURI = newuri;
        emit ContractURIUpdated();
    }

    /// ERC-1155, AccessControl, ERC-7572 (0xe8a3d485, `contractURI()`'s selector), IPlaqueBatchMint and ERC-4906.
    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlEnumerable) returns (bool) {
        return
            interfaceId == ERC4906_INTERFACE_ID ||
            interfaceId == type(IERC7572).interfaceId ||
            interfaceId == type(IPlaqueBatchMint).interfaceId ||
            super.supportsInterface(interfaceId);
    }

    function _markMinted(uint256 id) private {
        uint256 word = id >> 8;
        uint256 bit = 1 << (id & 0xff);
        uint256 bits = _mintedWords[word];
        if (bits & bit != 0) revert AlreadyMinted(id);
        _mintedWords[word] = bits | bit;
    }

    /// Inside `mintMany`'s call for a receiver contract, the minter (not this contract) is the transfer's operator.
    function _msgSender() internal view override(Context) returns (address) {
        address operator = _batchOperator;
        return operator != address(0) && msg.sender == address(this) ? operator : super._msgSender();
    }
}
