// ERC-1155 receiver contracts for delivery tests, compiled with solc and deployed on the run's anvil: one that takes
// tokens (OpenZeppelin's ERC1155Holder), one that refuses every token, one that spends all the gas it is given, and one
// that refuses until its owner opens it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createPublicClient, getAddress, http, type Abi, type Address, type Hex } from 'viem';
import solc from 'solc';
import { stranger } from './chain.ts';

const require = createRequire(import.meta.url);

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
contract TakingReceiver is ERC1155Holder {}
contract RefusingReceiver {
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        revert("no plaques here");
    }
}
contract SwitchableReceiver is ERC1155Holder {
    bool public open;
    function setOpen(bool value) external { open = value; }
    function onERC1155Received(address a, address b, uint256 c, uint256 d, bytes memory e) public override returns (bytes4) {
        require(open, "closed");
        return super.onERC1155Received(a, b, c, d, e);
    }
}
contract GreedyReceiver {
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        while (true) {}
        return this.onERC1155Received.selector;
    }
}
`;

type Kind = 'TakingReceiver' | 'RefusingReceiver' | 'GreedyReceiver' | 'SwitchableReceiver';
let compiled: Record<Kind, { abi: Abi; bytecode: Hex }> | undefined;

function compile(): Record<Kind, { abi: Abi; bytecode: Hex }> {
  const input = {
    language: 'Solidity',
    sources: { 'Receivers.sol': { content: SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const findImport = (path: string) => ({ contents: readFileSync(require.resolve(path), 'utf8') });
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const of = (name: Kind) => {
    const c = output.contracts['Receivers.sol']![name]!;
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex };
  };
  return {
    TakingReceiver: of('TakingReceiver'),
    RefusingReceiver: of('RefusingReceiver'),
    GreedyReceiver: of('GreedyReceiver'),
    SwitchableReceiver: of('SwitchableReceiver'),
  };
}

/** A receiver contract of that kind, deployed by a funded stranger: its address is a buyer wallet. */
export async function aReceiver(kind: Kind): Promise<Address> {
  compiled ??= compile();
  const { wallet } = await stranger();
  const hash = await wallet.deployContract({ ...compiled[kind], chain: null });
  const receipt = await createPublicClient({ transport: http(inject('rpcUrl')) }).waitForTransactionReceipt({ hash });
  return getAddress(receipt.contractAddress!);
}

/** Opens (or closes) a SwitchableReceiver: from then on it takes tokens (or refuses them). */
export async function setReceiverOpen(receiver: Address, open: boolean): Promise<void> {
  compiled ??= compile();
  const { wallet } = await stranger();
  const hash = await wallet.writeContract({
    address: receiver,
    abi: compiled.SwitchableReceiver.abi,
    functionName: 'setOpen',
    args: [open],
    chain: null,
  });
  await createPublicClient({ transport: http(inject('rpcUrl')) }).waitForTransactionReceipt({ hash });
}
