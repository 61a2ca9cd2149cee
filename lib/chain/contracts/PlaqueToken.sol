// SPDX-License-Identifier: MIT
// The plaque token: one ERC-1155 id per plaque, minted once, only by an account holding MINTER_ROLE (the service's
// signer). The admin (DEFAULT_ADMIN_ROLE) grants and revokes that role, so the signer is rotated without moving
// the admin: grant the new signer, then revoke the old one.
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";

contract PlaqueToken is ERC1155Supply, AccessControlEnumerable {
    /// Held by the accounts allowed to mint: the service's signer (two of them only while a rotation is under way).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// A plaque exists once: a second mint of its id reverts, so simulating a mint tells whether it is still mintable.
    error AlreadyMinted(uint256 id);

    constructor(address admin, address minter, string memory uri_) ERC1155(uri_) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    /// Mints the single token of plaque `id` to `to`.
    function mint(address to, uint256 id, bytes calldata data) external onlyRole(MINTER_ROLE) {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControlEnumerable) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
