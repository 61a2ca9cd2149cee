// SPDX-License-Identifier: MIT
// The plaque token: one ERC-1155 id per plaque, minted once, only by an account holding MINTER_ROLE (the service's
// signer). The admin (DEFAULT_ADMIN_ROLE) grants and revokes that role, so the signer is rotated without moving
// the admin: grant the new signer, then revoke the old one. The admin also points the tokens' metadata (`uri`, one
// template for every id) and the collection's (`contractURI`, ERC-7572) at the stage's address.
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";

/// ERC-7572: contract-level metadata.
interface IERC7572 {
    function contractURI() external view returns (string memory);

    event ContractURIUpdated();
}

contract PlaqueToken is ERC1155Supply, AccessControlEnumerable, IERC7572 {
    /// Held by the accounts allowed to mint: the service's signer (two of them only while a rotation is under way).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// ERC-4906's "metadata of these ids changed": a new `uri` template changes every id's, which ERC-1155's
    /// per-id URI event cannot say (OpenZeppelin's `_setURI` emits none for that reason).
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);

    /// A plaque exists once: a second mint of its id reverts, so simulating a mint tells whether it is still mintable.
    error AlreadyMinted(uint256 id);

    string private _contractURI;

    constructor(address admin, address minter, string memory uri_, string memory contractURI_) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
        _contractURI = contractURI_;
    }

    /// Mints the single token of plaque `id` to `to`.
    function mint(address to, uint256 id, bytes calldata data) external onlyRole(MINTER_ROLE) {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }

    /// Points every token's metadata at `newuri` (`{id}` stands for the id in 64 lower-case hex digits).
    function setURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(newuri);
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// The collection's metadata (ERC-7572).
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    function setContractURI(string calldata newuri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _contractURI = newuri;
        emit ContractURIUpdated();
    }

    /// ERC-1155, AccessControl and ERC-7572 (interface id 0xe8a3d485, `contractURI()`'s selector).
    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlEnumerable) returns (bool) {
        return interfaceId == type(IERC7572).interfaceId || super.supportsInterface(interfaceId);
    }
}
