// `signer-balance`: what the minting wallet holds and the mints it still pays for at the chain's gas price now, each at
// the gas a token takes in a batch of 50 (the delivery's own cost). Locally
// the data folder's chain (the running `npm start`'s anvil, or one started over the folder's saved chain for the
// command) and the contract `npm start` deployed; for a stage, its chain named with --rpc-url and its contract as
// infra/contracts.json records it. No key is needed: the wallet is the account holding the contract's MINTER_ROLE.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createPublicClient, getAddress, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { MAX_BATCH_TOKENS } from '#lib/delivery/mint-batch.ts';
import { readContractRecords } from '#lib/chain/contract-record.ts';
import { localContractRecordFile, recordedPlaqueToken } from '#lib/chain/local-deployment.ts';
import { MINTER_ROLE, plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { signerFundsOf, type SignerFunds } from '#lib/chain/signer-funds.ts';
import { startAnvil } from '#lib/local/anvil.ts';
import { claimDataDir, releaseDataDir, runningRuntime } from '#lib/local/runtime-record.ts';
import type { StageName } from '#lib/ops/stage-secrets.ts';

/** A chain and the contract on it, for as long as the command needs them. */
interface ChainTarget {
  rpcUrl: string;
  contractAddress: Address;
  describe: string;
  close: () => Promise<void>;
}

/** The stage's chain at `rpcUrl`, with the contract the stage's record names. */
export function stageChain(stage: StageName, rpcUrl: string, recordFile?: string): ChainTarget {
  const record = readContractRecords(recordFile)[stage];
  if (!record) throw new Error(`${stage} has no contract recorded: run npm run ops -- deploy-contract --stage ${stage} first`);
  return { rpcUrl, contractAddress: record.contractAddress, describe: `${stage} (chain ${record.chainId})`, close: async () => undefined };
}

/**
 * The data folder's chain: the anvil of the `npm start` that owns the folder, or, when nothing runs there, one started
 * over the folder's saved chain for the duration of the command (the folder claimed meanwhile, as ops commands do).
 */
export async function localChain(dataDir: string, tableName: string): Promise<ChainTarget> {
  const folder = resolve(dataDir);
  const contractAddress = recordedPlaqueToken(localContractRecordFile(folder));
  if (!contractAddress) throw new Error(`${folder} holds no local contract: run npm start once (it deploys one)`);
  const describe = `the local chain of ${folder}`;
  const running = runningRuntime(folder);
  if (running) {
    if (!running.anvil) throw new Error(`${running.owner} (pid ${running.pid}) owns ${folder} without a chain: try again in a moment`);
    return { rpcUrl: running.anvil.rpcUrl, contractAddress, describe, close: async () => undefined };
  }
  claimDataDir(folder, { owner: 'ops', tableName });
  try {
    const anvil = await startAnvil({ stateFile: resolve(folder, 'chain', 'state.json') });
    return {
      rpcUrl: anvil.rpcUrl,
      contractAddress,
      describe,
      close: async () => {
        await anvil.stop();
        releaseDataDir(folder);
      },
    };
  } catch (error) {
    releaseDataDir(folder);
    throw error;
  }
}

/**
 * The funds of every account holding MINTER_ROLE (one, the stage's signer, except during a signer rotation), each with
 * the gas a token takes at the batch cost: a `mintMany` of MAX_BATCH_TOKENS fresh tokens to as many fresh buyers
 * (estimated as it, nothing is sent), divided by them, at the chain's gas price now.
 */
export async function signerBalances(target: Pick<ChainTarget, 'rpcUrl' | 'contractAddress'>): Promise<SignerFunds[]> {
  const client = createPublicClient({ transport: http(target.rpcUrl) });
  const contract = { address: target.contractAddress, abi: plaqueTokenAbi } as const;
  const minters = await client.readContract({ ...contract, functionName: 'getRoleMembers', args: [MINTER_ROLE] });
  if (minters.length === 0) throw new Error(`no account holds MINTER_ROLE on ${target.contractAddress}: nothing can mint`);
  const gasPrice = await client.getGasPrice();
  // Fresh ids in a row, as a burst of sales has them (its tokens share the bitmap's words), to fresh buyers.
  const first = BigInt(`0x${randomBytes(30).toString('hex')}`) << 8n;
  const ids = Array.from({ length: MAX_BATCH_TOKENS }, (_, i) => first + BigInt(i));
  const buyers = ids.map(() => privateKeyToAccount(generatePrivateKey()).address);
  return Promise.all(
    minters.map(async (minter): Promise<SignerFunds> => {
      const signer = getAddress(minter);
      const [balance, batchGas] = await Promise.all([
        client.getBalance({ address: signer }),
        client.estimateContractGas({ ...contract, functionName: 'mintMany', args: [buyers, ids], account: signer }),
      ]);
      return signerFundsOf({ signer, balance, gasPrice, mintGas: batchGas / BigInt(MAX_BATCH_TOKENS) });
    }),
  );
}
