// deploy-contract, set-token-uri and rotate-signer on an anvil node of their own, with the stage's secrets in a folder (the
// file-backed secret store, or a rehearsal's) and the contract record in a temporary file: the deployment waits for its
// confirmations, the rotation moves MINTER_ROLE and the key, never the admin. set-token-uri without a stage points the
// local data folder's contract.
import { OPS_CLI } from '../support/ops-cli.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, http, keccak256, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createChainPort } from '#lib/chain/chain-port.ts';
import { pendingDeploymentFile, readContractRecords, readPendingDeployment, writePendingDeployment } from '#lib/chain/contract-record.ts';
import { ensurePlaqueToken, signPlaqueTokenDeployment } from '#lib/chain/deploy.ts';
import { localContractRecordFile } from '#lib/chain/local-deployment.ts';
import { operatorClients } from '#lib/chain/operator-clients.ts';
import { pendingEntryOf } from '#lib/chain/resumable-deploy.ts';
import { MINTER_ROLE } from '#lib/chain/plaque-token-abi.ts';
import { DEFAULT_ADMIN_ROLE, plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { ANVIL_DEV_KEY, fixedSignerKey } from '#lib/chain/signer-key.ts';
import { recordServedAddress, runningRuntime } from '#lib/local/runtime-record.ts';
import { ANVIL_CHAIN_ID, startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { readMetadataUris } from '#lib/chain/metadata-uris.ts';
import { deployContract, rotateSigner, setTokenUri } from '#lib/ops/chain-commands.ts';
import { fileSecretStore } from '#lib/ops/secret-store.ts';
import { secretIdOf, STAGE_CHAIN_IDS, STAGE_NAMES } from '#lib/ops/stage-secrets.ts';
import { stages } from '../../infra/stages.ts';

const run = promisify(execFile);
/** The stage's public base URL, as the stack output PublicBaseUrl names it. */
const STAGE_BASE = 'https://abc123.execute-api.eu-west-1.amazonaws.com/v1';
// A node of this file's own: it mines blocks for the confirmations, which would move other files' chains on.
let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil();
}, 60_000);
afterAll(() => anvil.stop());
const rpcUrl = () => anvil.rpcUrl;
const client = () => createPublicClient({ transport: http(rpcUrl()) });

/** A chain that moves on: a block every 100 ms, as a public network would, so confirmations arrive. */
let miner: NodeJS.Timeout | undefined;
function keepMining(): void {
  miner = setInterval(
    () =>
      void client()
        .request({ method: 'evm_mine' as never })
        .catch(() => undefined),
    100,
  );
}
afterEach(() => clearInterval(miner));

async function funded(key: Hex): Promise<Address> {
  const address = privateKeyToAccount(key).address;
  await client().request({ method: 'anvil_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never });
  return address;
}

/** A stage's secrets folder whose signer secret holds `key` (as init-stage leaves it). */
function stageWithSigner(key: Hex | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'plaque-chain-ops-'));
  mkdirSync(join(dir, 'PlaqueApi-staging'));
  writeFileSync(join(dir, secretIdOf('staging', 'chainSigner')), key ?? 'placeholder-from-cloudformation');
  return dir;
}

const recordFile = () => join(mkdtempSync(join(tmpdir(), 'plaque-record-')), 'contracts.json');

const hasRole = (contract: Address, role: Hex, account: Address) =>
  client().readContract({ address: contract, abi: plaqueTokenAdminAbi, functionName: 'hasRole', args: [role, account] });

describe('deploy-contract', () => {
  it("deploys PlaqueToken with the stage's signer as minter and admin, waits for confirmations and records it", async () => {
    const key = generatePrivateKey();
    const signer = await funded(key);
    const record = recordFile();
    keepMining();
    const deployed = await deployContract({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      chainId: ANVIL_CHAIN_ID,
      publicBase: STAGE_BASE,
      store: fileSecretStore(stageWithSigner(key)),
      confirmations: 3,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    const latest = await client().getBlockNumber();
    expect(Number(latest) - deployed.blockNumber).toBeGreaterThanOrEqual(2);
    expect(readContractRecords(record)).toEqual({
      staging: {
        chainId: ANVIL_CHAIN_ID,
        contractAddress: deployed.contractAddress,
        txHash: deployed.txHash,
        blockNumber: deployed.blockNumber,
        admin: signer,
        minter: signer,
        deployedAt: expect.any(String),
        publicBase: STAGE_BASE,
      },
    });
    expect(await readMetadataUris(rpcUrl(), deployed.contractAddress)).toEqual({
      uri: `${STAGE_BASE}/tokens/{id}.json`,
      contractURI: `${STAGE_BASE}/contract.json`,
    });
    expect(await hasRole(deployed.contractAddress, MINTER_ROLE, signer)).toBe(true);
    expect(await hasRole(deployed.contractAddress, DEFAULT_ADMIN_ROLE, signer)).toBe(true);

    await expect(
      deployContract({
        stage: 'staging',
        rpcUrl: rpcUrl(),
        chainId: ANVIL_CHAIN_ID,
        publicBase: STAGE_BASE,
        store: fileSecretStore(stageWithSigner(key)),
        recordFile: record,
      }),
    ).rejects.toThrow(/already has PlaqueToken at .* --replace/);
  });

  it('refuses a placeholder signer secret and a signer without funds', async () => {
    await expect(
      deployContract({
        stage: 'staging',
        rpcUrl: rpcUrl(),
        chainId: ANVIL_CHAIN_ID,
        publicBase: STAGE_BASE,
        store: fileSecretStore(stageWithSigner(null)),
        recordFile: recordFile(),
      }),
    ).rejects.toThrow(/holds no signer key yet: run npm run ops -- init-stage/);
    const poor = generatePrivateKey();
    await expect(
      deployContract({
        stage: 'staging',
        rpcUrl: rpcUrl(),
        chainId: ANVIL_CHAIN_ID,
        publicBase: STAGE_BASE,
        store: fileSecretStore(stageWithSigner(poor)),
        recordFile: recordFile(),
      }),
    ).rejects.toThrow(`the signer ${privateKeyToAccount(poor).address} holds no funds`);
  });
});

/** A deployment signed and recorded as pending for the stage, as a run cut short leaves it; sent when `send`. */
async function pendingDeployment(key: Hex, record: string, send: boolean) {
  const signed = await signPlaqueTokenDeployment({ rpcUrl: rpcUrl(), deployerKey: key, publicBase: STAGE_BASE });
  writePendingDeployment('staging', pendingEntryOf(signed, STAGE_BASE), record);
  if (send) await client().sendRawTransaction({ serializedTransaction: signed.rawTransaction });
  return signed;
}

/** A funded signer whose deployment a run cut short left pending: `sent` or never sent. */
async function cutShort(sent: boolean) {
  const key = generatePrivateKey();
  const signer = await funded(key);
  const record = recordFile();
  return { key, signer, record, signed: await pendingDeployment(key, record, sent) };
}

/** `deploy-contract` for staging on this file's anvil, as the command line takes it. */
const deployContractArgs = () => ['deploy-contract', '--stage', 'staging', '--rpc-url', rpcUrl(), '--base', STAGE_BASE];

const nonceOf = (address: Address) => client().getTransactionCount({ address });

describe('deploy-contract cut short, run again', () => {
  const deployAgain = (key: Hex, record: string, more: Partial<Parameters<typeof deployContract>[0]> = {}) => {
    const progress: string[] = [];
    const deployed = deployContract({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      chainId: ANVIL_CHAIN_ID,
      publicBase: STAGE_BASE,
      store: fileSecretStore(stageWithSigner(key)),
      confirmations: 1,
      recordFile: record,
      pollingIntervalMs: 50,
      progressIntervalMs: 0,
      onProgress: (line) => progress.push(line),
      ...more,
    });
    return { deployed, progress };
  };

  it('records the mined pending deployment without sending another', async () => {
    const { key, signer, record, signed } = await cutShort(true);
    keepMining();
    const { deployed, progress } = deployAgain(key, record);
    expect(await deployed).toMatchObject({ contractAddress: signed.contractAddress, txHash: signed.txHash, resumed: true });
    expect(progress[0]).toMatch(`Resuming the deployment ${signed.txHash}`);
    expect(await nonceOf(signer)).toBe(1);
    expect(readContractRecords(record).staging!.contractAddress).toBe(signed.contractAddress);
    expect(existsSync(pendingDeploymentFile(record))).toBe(false);
  });

  it('sends the recorded transaction itself when the chain never saw it: one deployment, its address', async () => {
    const { key, signer, record, signed } = await cutShort(false);
    keepMining();
    const { deployed, progress } = deployAgain(key, record);
    expect(await deployed).toMatchObject({ contractAddress: signed.contractAddress, txHash: signed.txHash });
    expect(progress.join('\n')).toContain(`sent it again (same nonce ${signed.nonce})`);
    expect(await nonceOf(signer)).toBe(1);
  });

  it('says a deployment whose nonce went to another transaction was dropped, and only then deploys anew', async () => {
    const { key, signer, record, signed } = await cutShort(false);
    // Another transaction of the deployer takes the nonce.
    const { wallet } = operatorClients(rpcUrl(), ANVIL_CHAIN_ID, key);
    await wallet.sendTransaction({ to: signer, value: 1n, nonce: signed.nonce });
    keepMining();
    const { deployed, progress } = deployAgain(key, record);
    const contract = await deployed;
    expect(progress[0]).toMatch(`The pending deployment ${signed.txHash} was dropped`);
    expect(contract.txHash).not.toBe(signed.txHash);
    expect(await client().getCode({ address: signed.contractAddress })).toBeUndefined();
    expect(await nonceOf(signer)).toBe(2);
  });

  it('drops a pending entry whose contract was recorded already, so --replace deploys a new one', async () => {
    const { key, signer, record, signed } = await cutShort(true);
    keepMining();
    const recorded = await deployAgain(key, record).deployed;
    // Killed between recording the contract and dropping the pending entry:
    writePendingDeployment('staging', pendingEntryOf(signed, STAGE_BASE), record);
    await expect(deployAgain(key, record).deployed).rejects.toThrow(/already has PlaqueToken/);
    expect(existsSync(pendingDeploymentFile(record))).toBe(false);
    writePendingDeployment('staging', pendingEntryOf(signed, STAGE_BASE), record);
    const replaced = await deployAgain(key, record, { replace: true }).deployed;
    expect(replaced.contractAddress).not.toBe(recorded.contractAddress);
    expect(await nonceOf(signer)).toBe(2);
  });

  it('says a pending deployment reverted, and only then deploys anew', async () => {
    const key = generatePrivateKey();
    const signer = await funded(key);
    const record = recordFile();
    // A deployment whose code aborts at once (INVALID), signed with the fields a real one records.
    const signed = await signPlaqueTokenDeployment({ rpcUrl: rpcUrl(), deployerKey: key, publicBase: STAGE_BASE });
    const { wallet } = operatorClients(rpcUrl(), ANVIL_CHAIN_ID, key);
    const raw = await wallet.signTransaction({
      ...(await wallet.prepareTransactionRequest({ data: '0xfe', gas: 100_000n, type: 'eip1559' })),
    });
    writePendingDeployment('staging', pendingEntryOf({ ...signed, rawTransaction: raw, txHash: keccak256(raw) }, STAGE_BASE), record);
    await client().sendRawTransaction({ serializedTransaction: raw });
    keepMining();
    const { deployed, progress } = deployAgain(key, record);
    const contract = await deployed;
    expect(progress[0]).toMatch(`The pending deployment ${keccak256(raw)} reverted in block`);
    expect(contract.txHash).not.toBe(keccak256(raw));
    expect(await nonceOf(signer)).toBe(2);
  });

  it('refuses to resume a pending deployment made with other arguments, and replaces it on --replace-pending', async () => {
    const key = generatePrivateKey();
    const signer = await funded(key);
    const record = recordFile();
    await client().request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      const signed = await pendingDeployment(key, record, true);
      const other = deployAgain(key, record, { publicBase: 'https://api.staging.example' });
      await expect(other.deployed).rejects.toThrow(/holds a pending staging deployment .* made with other values .*--replace-pending/);
      const replaced = deployAgain(key, record, { publicBase: 'https://api.staging.example', replacePending: true });
      await until(() => replaced.progress.some((line) => line.startsWith('Sent the deployment')));
      expect(replaced.progress[0]).toMatch(`Replacing the pending deployment ${signed.txHash}: same nonce ${signed.nonce}`);
      keepMining();
      const contract = await replaced.deployed;
      expect(contract.contractAddress).toBe(signed.contractAddress);
      expect(contract.txHash).not.toBe(signed.txHash);
      expect((await readMetadataUris(rpcUrl(), contract.contractAddress)).uri).toBe('https://api.staging.example/tokens/{id}.json');
      expect(
        await client()
          .getTransactionReceipt({ hash: signed.txHash })
          .catch(() => null),
      ).toBeNull();
      expect(await nonceOf(signer)).toBe(1);
    } finally {
      await client().request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
  });

  it('takes the deployment a replacement replaced when the chain mines that one instead, with its own base', async () => {
    const key = generatePrivateKey();
    const signer = await funded(key);
    const record = recordFile();
    const anvilRpc = (method: string, params: unknown[]) => client().request({ method: method as never, params: params as never });
    await anvilRpc('evm_setAutomine', [false]);
    try {
      const signed = await pendingDeployment(key, record, true);
      // Polled slowly, so the network can change its mind between two looks.
      const replacing = deployAgain(key, record, {
        publicBase: 'https://api.staging.example',
        replacePending: true,
        pollingIntervalMs: 3_000,
      });
      await until(() => replacing.progress.some((line) => line.startsWith('Sent the deployment')));
      const replacement = readPendingDeployment('staging', record)!;
      expect(replacement.replaces?.map((r) => r.txHash)).toEqual([signed.txHash]);
      // The network drops the replacement and mines the first deployment after all (same nonce: one of the two).
      await anvilRpc('anvil_dropTransaction', [replacement.txHash]);
      await client().sendRawTransaction({ serializedTransaction: signed.rawTransaction });
      await anvilRpc('evm_mine', []);
      keepMining();
      const contract = await replacing.deployed;
      expect(contract).toMatchObject({ txHash: signed.txHash, contractAddress: signed.contractAddress, publicBase: STAGE_BASE });
      expect(replacing.progress.join('\n')).toContain(
        `The deployment ${signed.txHash} that ${replacement.txHash} replaced was mined instead`,
      );
      expect(readContractRecords(record).staging).toMatchObject({ txHash: signed.txHash, publicBase: STAGE_BASE });
      expect((await readMetadataUris(rpcUrl(), contract.contractAddress)).uri).toBe(`${STAGE_BASE}/tokens/{id}.json`);
      expect(await nonceOf(signer)).toBe(1);
      expect(existsSync(pendingDeploymentFile(record))).toBe(false);
    } finally {
      await anvilRpc('evm_setAutomine', [true]);
    }
  });

  it("refuses an endpoint of another chain than the stage's, naming both, before sending anything", async () => {
    const key = generatePrivateKey();
    const signer = await funded(key);
    const record = recordFile();
    const { deployed } = deployAgain(key, record, { chainId: undefined });
    await expect(deployed).rejects.toThrow(`the RPC endpoint serves chain ${ANVIL_CHAIN_ID}, but the staging stage is on chain 11155111`);
    expect(await nonceOf(signer)).toBe(0);
    expect(existsSync(pendingDeploymentFile(record))).toBe(false);
  });
});

describe('the chain deploy-contract expects', () => {
  it('is the one infra/stages.ts configures for each stage', () => {
    for (const stage of STAGE_NAMES) expect(STAGE_CHAIN_IDS[stage], stage).toBe(stages[stage].chain.chainId);
  });

  it("is anvil's on --rehearsal <folder>, which holds the secrets and the record itself; else --rpc-url names the stage's", async () => {
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    const rehearsal = mkdtempSync(join(tmpdir(), 'plaque-rehearsal-'));
    const refusals: Array<[string[], string]> = [
      [[...deployContractArgs(), '--rehearsal', rehearsal, '--record', recordFile()], '--rehearsal <folder> holds the contract record'],
      [
        [...deployContractArgs(), '--rehearsal', rehearsal, '--secrets-dir', stageWithSigner(null)],
        '--rehearsal <folder> holds the secrets',
      ],
      [['deploy-contract', '--stage', 'staging', '--base', STAGE_BASE], "--rpc-url <url> is needed: the stage's chain endpoint"],
      [['set-token-uri', '--stage', 'staging'], '--rpc-url <url> is needed'],
      [['rotate-signer', '--stage', 'staging', '--new-key-file', '-'], '--rpc-url <url> is needed'],
    ];
    const failures = await Promise.all(
      refusals.map(([args]) => run(process.execPath, [...OPS_CLI, ...args], { env }).catch((e: { code: number; stderr: string }) => e)),
    );
    refusals.forEach(([args, message], i) => {
      expect(failures[i], args.join(' ')).toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
    });
  }, 180_000);
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(condition()).toBe(true);
}

describe('set-token-uri', () => {
  it("points the stage's contract at a new base, records it, sends nothing when it is already set, and refuses a non-admin", async () => {
    const key = generatePrivateKey();
    await funded(key);
    const store = fileSecretStore(stageWithSigner(key));
    const record = recordFile();
    keepMining();
    const { contractAddress } = await deployContract({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      chainId: ANVIL_CHAIN_ID,
      publicBase: STAGE_BASE,
      store,
      confirmations: 1,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    const moved = await setTokenUri({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      base: 'https://api.staging.example/',
      store,
      confirmations: 1,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    expect(moved).toMatchObject({
      contractAddress,
      uri: 'https://api.staging.example/tokens/{id}.json',
      contractURI: 'https://api.staging.example/contract.json',
    });
    expect(moved.transactions).toHaveLength(2);
    expect(await readMetadataUris(rpcUrl(), contractAddress)).toEqual({ uri: moved.uri, contractURI: moved.contractURI });
    expect(readContractRecords(record).staging?.publicBase).toBe('https://api.staging.example');

    // Without --base: the recorded base again, already set, so no transaction.
    const again = await setTokenUri({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      store,
      confirmations: 1,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    expect(again.transactions).toEqual([]);

    const other = generatePrivateKey();
    await funded(other);
    await expect(
      setTokenUri({
        stage: 'staging',
        rpcUrl: rpcUrl(),
        base: 'https://elsewhere.example',
        store,
        adminKeyText: other,
        recordFile: record,
      }),
    ).rejects.toThrow(`${privateKeyToAccount(other).address} is not the contract's admin`);
    await expect(
      setTokenUri({ stage: 'staging', rpcUrl: rpcUrl(), base: 'ftp://elsewhere.example', store, recordFile: record }),
    ).rejects.toThrow(/must be an http or https URL/);
  });
});

describe('rotate-signer', () => {
  it('grants the new signer MINTER_ROLE, stores its key, revokes the old one and leaves the admin in place', async () => {
    const oldKey = generatePrivateKey();
    const oldSigner = await funded(oldKey);
    const secrets = stageWithSigner(oldKey);
    const record = recordFile();
    keepMining();
    const { contractAddress } = await deployContract({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      chainId: ANVIL_CHAIN_ID,
      publicBase: STAGE_BASE,
      store: fileSecretStore(secrets),
      confirmations: 1,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    const newKey = generatePrivateKey();
    const newSigner = await funded(newKey);

    const rotation = await rotateSigner({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      store: fileSecretStore(secrets),
      newKeyText: `${newKey}\n`,
      confirmations: 2,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    expect(rotation).toMatchObject({ contractAddress, next: newSigner, admin: oldSigner, revoked: [{ account: oldSigner }] });
    expect(rotation.granted).toMatch(/^0x/);
    expect(readFileSync(join(secrets, secretIdOf('staging', 'chainSigner')), 'utf8')).toBe(newKey);
    expect(await hasRole(contractAddress, MINTER_ROLE, newSigner)).toBe(true);
    expect(await hasRole(contractAddress, MINTER_ROLE, oldSigner)).toBe(false);
    expect(await hasRole(contractAddress, DEFAULT_ADMIN_ROLE, oldSigner)).toBe(true);
    expect(await hasRole(contractAddress, DEFAULT_ADMIN_ROLE, newSigner)).toBe(false);
    expect(readContractRecords(record).staging!.minter).toBe(newSigner);

    // The service mints with the new key, and the old one cannot any more.
    const port = (key: Hex) =>
      createChainPort({ rpcUrl: rpcUrl(), chainId: ANVIL_CHAIN_ID, contractAddress, signerKey: fixedSignerKey(key) });
    expect(await port(newKey).minterAddress()).toBe(newSigner);
    expect(await port(newKey).waitForReceipt(await port(newKey).sendMint(newSigner, 1n))).toMatchObject({ status: 'success' });
    const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
    expect(await port(oldKey).signMintBatch([{ to: oldSigner, tokenId: 2n }], 0, fees)).toMatchObject({
      kind: 'reverts',
      reason: 'NOT_MINTABLE',
    });

    // Run again with the same key: everything is done already; the old signer's key is now needed as the admin's.
    await expect(
      rotateSigner({ stage: 'staging', rpcUrl: rpcUrl(), store: fileSecretStore(secrets), newKeyText: newKey, recordFile: record }),
    ).rejects.toThrow(`${newSigner} is not the contract's admin`);
    expect(
      await rotateSigner({
        stage: 'staging',
        rpcUrl: rpcUrl(),
        store: fileSecretStore(secrets),
        newKeyText: newKey,
        adminKeyText: oldKey,
        recordFile: record,
      }),
    ).toMatchObject({ next: newSigner, granted: null, revoked: [] });
  });
});

describe('npm run ops -- deploy-contract / set-token-uri / rotate-signer', () => {
  it('deploys, moves the token URI and rotates from the command line in a rehearsal, the new key read from stdin', async () => {
    const key = generatePrivateKey();
    await funded(key);
    // A rehearsal's folder as init-stage leaves it: the stage's secrets under secrets/.
    const rehearsal = mkdtempSync(join(tmpdir(), 'plaque-rehearsal-'));
    mkdirSync(join(rehearsal, 'secrets', 'PlaqueApi-staging'), { recursive: true });
    writeFileSync(join(rehearsal, 'secrets', secretIdOf('staging', 'chainSigner')), key);
    const record = join(rehearsal, 'contracts.json');
    const env = { ...process.env, LOG_LEVEL: 'SILENT' };
    // The chain of this file (--rpc-url), which mines on: the rehearsal's own would start over its folder.
    const inRehearsal = ['--rehearsal', rehearsal, '--rpc-url', rpcUrl(), '--confirmations', '1'];
    keepMining();
    const deployed = await run(
      process.execPath,
      [...OPS_CLI, 'deploy-contract', '--stage', 'staging', '--base', STAGE_BASE, ...inRehearsal],
      {
        env,
      },
    );
    const contract = readContractRecords(record).staging!.contractAddress;
    expect(deployed.stdout).toContain(`PlaqueToken deployed on chain ${ANVIL_CHAIN_ID} at ${contract}`);
    expect(deployed.stdout).toContain(`token metadata at ${STAGE_BASE}/tokens/{id}.json`);
    expect(deployed.stdout).toMatch(/^Sent the deployment 0x[0-9a-f]{64} from /);
    expect(deployed.stdout).toContain(`Recorded in ${record} (a rehearsal: the stage's record is untouched).`);

    const set = await run(
      process.execPath,
      [...OPS_CLI, 'set-token-uri', '--stage', 'staging', '--base', 'https://api.staging.example', ...inRehearsal],
      { env },
    );
    expect(set.stdout).toContain(
      `PlaqueToken ${contract}: uri https://api.staging.example/tokens/{id}.json, contractURI https://api.staging.example/contract.json (set in 0x`,
    );
    expect(set.stdout).toContain(`Recorded in ${record} (a rehearsal: the stage's record is untouched).`);
    expect(set.stdout).not.toContain('commit it');
    expect((await readMetadataUris(rpcUrl(), contract)).uri).toBe('https://api.staging.example/tokens/{id}.json');
    expect(readContractRecords(record).staging!.publicBase).toBe('https://api.staging.example');

    const next = generatePrivateKey();
    const rotating = run(process.execPath, [...OPS_CLI, 'rotate-signer', '--stage', 'staging', '--new-key-file', '-', ...inRehearsal], {
      env,
    });
    rotating.child.stdin!.end(next);
    const rotated = await rotating;
    expect(rotated.stdout).toContain(`minter ${privateKeyToAccount(next).address} (granted in 0x`);
    expect(rotated.stdout).toContain(`${privateKeyToAccount(key).address}: MINTER_ROLE revoked in 0x`);
    expect(rotated.stdout).toContain(`Recorded in ${record} (a rehearsal: the stage's record is untouched).`);
    expect(rotated.stdout).not.toContain('commit it');
    expect(readFileSync(join(rehearsal, 'secrets', secretIdOf('staging', 'chainSigner')), 'utf8').trim()).toBe(next);
  }, 120_000);

  it('asks to commit the record the stack reads, outside a rehearsal', async () => {
    const key = generatePrivateKey();
    await funded(key);
    const secrets = stageWithSigner(key);
    const record = recordFile();
    keepMining();
    await deployContract({
      stage: 'staging',
      rpcUrl: rpcUrl(),
      chainId: ANVIL_CHAIN_ID,
      publicBase: STAGE_BASE,
      store: fileSecretStore(secrets),
      confirmations: 0,
      recordFile: record,
      pollingIntervalMs: 50,
    });
    const set = await run(
      process.execPath,
      [
        ...[...OPS_CLI, 'set-token-uri', '--stage', 'staging', '--rpc-url', rpcUrl()],
        ...['--base', 'https://api.staging.example', '--secrets-dir', secrets, '--record', record, '--confirmations', '0'],
      ],
      { env: { ...process.env, LOG_LEVEL: 'SILENT' } },
    );
    expect(set.stdout).toContain(`Recorded in ${record}: commit it.`);
  }, 120_000);
});

describe('npm run ops -- set-token-uri without --stage', () => {
  it("points the local data folder's contract at --base, or at the address the folder is served on, on its saved chain", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-local-uri-'));
    const saved = await startAnvil({ stateFile: join(dataDir, 'chain', 'state.json') });
    const { contractAddress } = await ensurePlaqueToken({
      publicBase: 'http://127.0.0.1:3000',
      rpcUrl: saved.rpcUrl,
      deployerKey: ANVIL_DEV_KEY,
      recordFile: localContractRecordFile(dataDir),
    });
    const savedClient = createPublicClient({ transport: http(saved.rpcUrl) });
    await saved.savedThrough(await savedClient.getBlockNumber());
    await saved.stop();
    recordServedAddress(dataDir, 'http://127.0.0.1:4100');
    const cli = (args: string[]) =>
      run(process.execPath, [...OPS_CLI, '--data-dir', dataDir, 'set-token-uri', ...args], {
        env: { ...process.env, LOG_LEVEL: 'SILENT' },
      });

    const moved = await cli(['--base', 'https://tunnel.example']);
    expect(moved.stdout).toContain(
      `PlaqueToken ${contractAddress} of the local chain of ${dataDir}: uri https://tunnel.example/tokens/{id}.json`,
    );
    expect(moved.stdout).toContain('npm start points it at its own address again when it starts');
    const served = await cli([]);
    expect(served.stdout).toContain(
      'uri http://127.0.0.1:4100/tokens/{id}.json, contractURI http://127.0.0.1:4100/contract.json (set in 0x',
    );
    // The folder's saved chain holds the last: a chain started over it names the served address.
    const after = await startAnvil({ stateFile: join(dataDir, 'chain', 'state.json') });
    try {
      expect((await readMetadataUris(after.rpcUrl, contractAddress)).uri).toBe('http://127.0.0.1:4100/tokens/{id}.json');
    } finally {
      await after.stop();
    }
    expect(runningRuntime(dataDir)).toBeNull();
  }, 120_000);
});
