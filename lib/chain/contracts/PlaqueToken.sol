// SPDX-License-Identifier: MIT
// The plaque token: one ERC-1155 id per plaque, minted once, only by the service's signer (the owner).
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract PlaqueToken is ERC1155Supply, Ownable {
    /// A plaque exists once: a second mint of its id reverts, so simulating a mint tells whether it is still mintable.
    error AlreadyMinted(uint256 id);

    constructor(address initialOwner, string memory uri_) ERC1155(uri_) Ownable(initialOwner) {}

    /// Mints the single token of plaque `id` to `to`.
    function mint(address to, uint256 id, bytes calldata data) external onlyOwner {
        if (exists(id)) revert AlreadyMinted(id);
        _mint(to, id, 1, data);
    }
}
