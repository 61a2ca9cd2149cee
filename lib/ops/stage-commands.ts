// Ops commands for a deployed stage's secrets and chain: `init-stage` and `rotate-jwt-key` (Secrets Manager, or a
// folder standing in for it with --secrets-dir), `deploy-contract`, `set-token-uri`, `rotate-signer` and
// `signer-balance` (the stage's chain; `signer-balance` also the local one).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { coreConfig } from '#lib/config.ts';
import { initStage, type SignerKeySource } from '#lib/ops/init-stage.ts';
import { deployContract, rotateSigner, setTokenUri } from '#lib/ops/chain-commands.ts';
import { localChain, signerBalances, stageChain } from '#lib/ops/signer-balance.ts';
import { describeSignerFunds } from '#lib/chain/signer-funds.ts';
import { CONTRACT_RECORD_FILE } from '#lib/chain/contract-record.ts';
import { rotateJwtKey } from '#lib/ops/rotate-jwt-key.ts';
import { assertDeployCredentials, cdkCommandLine, runCdk } from '#lib/ops/stage-deploy.ts';
import { ANVIL_CHAIN_ID } from '#lib/local/anvil.ts';
import { ensureRehearsalSecrets, fileSecretStore, secretsManagerStore, type SecretStore } from '#lib/ops/secret-store.ts';
import { isStageName, secretIdOf, SECRET_NAMES, STAGE_NAMES, type SecretRole, type StageName } from '#lib/ops/stage-secrets.ts';

interface StageOptions {
  region?: string;
  secretsDir?: string;
}

/** The stage's secrets: the folder given with --secrets-dir, else Secrets Manager in --region (or AWS_REGION). */
const stageSecretStore = (options: StageOptions): SecretStore =>
  options.secretsDir ? fileSecretStore(options.secretsDir) : secretsManagerStore({ region: options.region ?? coreConfig().AWS_REGION });

/** A secret handed over in a file, or on stdin for `-`: never on the command line. */
async function readKeyText(file: string): Promise<string> {
  if (file !== '-') return readFile(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const stageOption = () =>
  new Option('--stage <stage>', 'the deployed stage')
    .choices(STAGE_NAMES)
    .makeOptionMandatory()
    .argParser((value: string): StageName => {
      if (!isStageName(value)) throw new Error(`unknown stage ${value}`);
      return value;
    });

const secretsDirOption = () =>
  new Option('--secrets-dir <dir>', 'read and write the secrets as files under <dir> instead of Secrets Manager (a rehearsal)');

const ROLE_BY_NAME: Record<string, SecretRole> = {
  jwt: 'jwtKeys',
  mnemonic: 'walletMnemonic',
  signer: 'chainSigner',
};

export function registerStageCommands(
  program: Command,
  global: () => { region?: string; dataDir?: string; createDataDir?: boolean },
): void {
  program
    .command('init-stage')
    .description(
      `fill the placeholder secrets of a freshly deployed stage (${Object.values(SECRET_NAMES).join(', ')}); a filled secret is kept unless --force`,
    )
    .addOption(stageOption())
    .option('--signer-key-file <file>', "the chain signer's private key (hex) from this file, or - for stdin")
    .option('--generate-signer-key', 'make a new signer key instead (then fund its address)')
    .option('--force', 'replace secrets that already hold a value')
    .addOption(new Option('--only <secret...>', 'only these secrets').choices(Object.keys(ROLE_BY_NAME)))
    .addOption(secretsDirOption())
    .action(
      async (options: {
        stage: StageName;
        signerKeyFile?: string;
        generateSignerKey?: boolean;
        force?: boolean;
        only?: string[];
        secretsDir?: string;
      }) => {
        if (options.signerKeyFile && options.generateSignerKey)
          throw new Error('give --signer-key-file or --generate-signer-key, not both');
        const signerKey: SignerKeySource = options.signerKeyFile
          ? { kind: 'given', text: await readKeyText(options.signerKeyFile) }
          : options.generateSignerKey
            ? { kind: 'generate' }
            : { kind: 'none' };
        if (options.secretsDir && (await ensureRehearsalSecrets(options.secretsDir, options.stage)) === 'created') {
          console.log(
            `Created the placeholder secrets of ${options.stage} in ${resolve(options.secretsDir)} (a rehearsal: the layout Secrets Manager holds after the first cdk deploy).`,
          );
        }
        const store = stageSecretStore({ ...global(), ...options });
        const outcomes = await initStage({
          stage: options.stage,
          store,
          signerKey,
          force: options.force ?? false,
          ...(options.only && { only: options.only.map((name) => ROLE_BY_NAME[name]!) }),
        });
        console.log(`Stage ${options.stage}, secrets in ${store.describe}:`);
        for (const o of outcomes) console.log(`  ${o.secretId}: ${o.outcome}${o.note ? ` — ${o.note}` : ''}`);
        const unfinished = outcomes.filter((o) => o.outcome === 'refused' || o.outcome === 'missing');
        if (unfinished.length > 0) {
          console.error(`${unfinished.length} secret(s) not filled: ${unfinished.map((o) => o.secretId).join(', ')}`);
          process.exitCode = 1;
        }
      },
    );

  program
    .command('rotate-jwt-key')
    .description(
      'make a new JWT signing key and keep the current one as previous (tokens stay valid until they expire): the stage secret, JWT_KEYS_SECRET_ARN, or the local key file',
    )
    .addOption(new Option('--stage <stage>', 'the deployed stage whose secret to rotate').choices(STAGE_NAMES))
    .option('--secret-id <id>', 'the secret, by ARN or name (default: JWT_KEYS_SECRET_ARN; without either, the local key file)')
    .addOption(secretsDirOption())
    .action(async (options: { stage?: StageName; secretId?: string; secretsDir?: string }) => {
      const secretId = options.secretId ?? (options.stage ? secretIdOf(options.stage, 'jwtKeys') : undefined);
      if (options.secretsDir && !secretId) throw new Error('--secrets-dir needs --stage or --secret-id: name the secret to rotate');
      const { region, dataDir, createDataDir } = global();
      const result = await rotateJwtKey({
        ...(secretId && { secretId }),
        ...(region && { region }),
        ...(dataDir && { dataDir }),
        ...(createDataDir && { createDataDir }),
        ...(options.secretsDir && { store: fileSecretStore(options.secretsDir) }),
      });
      console.log(`Rotated ${result.location}: current key ${result.currentKid}, previous ${result.previousKid ?? 'none'}.`);
    });

  program
    .command('deploy')
    .description(
      "deploy a stage's stack with the project's CDK CLI (npx cdk deploy -c stage=<stage> PlaqueApi-<stage>), after checking for AWS credentials",
    )
    .addOption(stageOption())
    .option('--diff', 'show what the deploy would change (cdk diff) instead of deploying')
    .option('--dry-run', 'print the cdk command line instead of running it')
    .argument('[cdk-options...]', 'further options for cdk, after --: e.g. -- --require-approval never')
    .action(async (cdkOptions: string[], options: { stage: StageName; diff?: boolean; dryRun?: boolean }) => {
      const { region } = global();
      await assertDeployCredentials(options.stage, region ?? coreConfig().AWS_REGION);
      const commandLine = cdkCommandLine({ stage: options.stage, diff: options.diff ?? false, cdkOptions });
      if (options.dryRun) {
        console.log(commandLine.join(' '));
        return;
      }
      process.exitCode = await runCdk(commandLine, region ? { ...process.env, AWS_REGION: region } : process.env);
    });
}

const confirmationsOption = () =>
  new Option('--confirmations <n>', 'blocks to wait for on top of the including one (0: included)')
    .default(2)
    .argParser((value: string) => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n > 64) throw new Error('--confirmations must be an integer from 0 to 64');
      return n;
    });

const recordOption = () =>
  new Option('--record <file>', 'the contract record the stack reads').default(CONTRACT_RECORD_FILE, 'infra/contracts.json');

export function registerChainCommands(program: Command, global: () => { region?: string }): void {
  program
    .command('deploy-contract')
    .description(
      "compile and deploy PlaqueToken with the stage's signer (it gets MINTER_ROLE) on the stage's chain, wait for confirmations, and record the address in infra/contracts.json for the stack; run again after it was cut short, it resumes the deployment",
    )
    .addOption(stageOption())
    .requiredOption('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain (one with your provider's key is fine: it is not recorded)")
    .requiredOption(
      '--base <url>',
      "the stage's public base URL (stack output PublicBaseUrl: its custom domain, else its API stage URL); the contract names <base>/tokens/{id}.json and <base>/contract.json",
    )
    .option('--admin <address>', 'the account holding DEFAULT_ADMIN_ROLE, e.g. a multisig (default: the signer)')
    .option('--replace', 'deploy although the stage has a contract recorded')
    .option('--replace-pending', 'replace a deployment a run cut short left pending (same nonce, higher fees) instead of waiting for it')
    .option(
      '--rehearsal',
      `rehearse on a local anvil (chain ${ANVIL_CHAIN_ID}) instead of the stage's chain; needs --secrets-dir and a --record of its own`,
    )
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (options: {
        stage: StageName;
        rpcUrl: string;
        base: string;
        admin?: `0x${string}`;
        replace?: boolean;
        replacePending?: boolean;
        rehearsal?: boolean;
        confirmations: number;
        record: string;
        secretsDir?: string;
      }) => {
        if (options.rehearsal && (!options.secretsDir || resolve(options.record) === CONTRACT_RECORD_FILE)) {
          throw new Error('--rehearsal needs --secrets-dir <folder> and --record <file> of its own: a rehearsal leaves the stage alone');
        }
        const store = stageSecretStore({ ...global(), ...options });
        const deployed = await deployContract({
          stage: options.stage,
          rpcUrl: options.rpcUrl,
          publicBase: options.base,
          store,
          confirmations: options.confirmations,
          recordFile: options.record,
          ...(options.admin && { admin: options.admin }),
          ...(options.replace && { replace: true }),
          ...(options.replacePending && { replacePending: true }),
          ...(options.rehearsal && { chainId: ANVIL_CHAIN_ID }),
          onProgress: (line) => console.log(line),
        });
        console.log(
          `PlaqueToken deployed on chain ${deployed.chainId} at ${deployed.contractAddress} (tx ${deployed.txHash}, block ${deployed.blockNumber}).`,
        );
        console.log(`  admin ${deployed.admin}, minter ${deployed.minter} (balance ${deployed.balance})`);
        console.log(
          `  token metadata at ${deployed.publicBase}/tokens/{id}.json, the collection's at ${deployed.publicBase}/contract.json`,
        );
        console.log(
          options.rehearsal
            ? `Recorded in ${options.record} (a rehearsal: the stage's record is untouched).`
            : `Recorded in ${options.record}: commit it, then npm run ops -- deploy --stage ${options.stage}.`,
        );
      },
    );

  program
    .command('set-token-uri')
    .description(
      "point the stage's contract at <base>/tokens/{id}.json and <base>/contract.json (admin role; every token, minted or not, follows) and record the base",
    )
    .addOption(stageOption())
    .requiredOption('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain")
    .option('--base <url>', 'the new public base URL (default: the one recorded for the stage)')
    .option('--admin-key-file <file>', "the admin's private key, when the admin is not the stage's signer")
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (options: {
        stage: StageName;
        rpcUrl: string;
        base?: string;
        adminKeyFile?: string;
        confirmations: number;
        record: string;
        secretsDir?: string;
      }) => {
        const set = await setTokenUri({
          stage: options.stage,
          rpcUrl: options.rpcUrl,
          store: stageSecretStore({ ...global(), ...options }),
          confirmations: options.confirmations,
          recordFile: options.record,
          ...(options.base && { base: options.base }),
          ...(options.adminKeyFile && { adminKeyText: await readKeyText(options.adminKeyFile) }),
        });
        const sent = set.transactions.length > 0 ? `set in ${set.transactions.join(', ')}` : 'already set';
        console.log(`PlaqueToken ${set.contractAddress}: uri ${set.uri}, contractURI ${set.contractURI} (${sent}).`);
        console.log(`Recorded in ${options.record}: commit it.`);
      },
    );

  program
    .command('rotate-signer')
    .description(
      "grant MINTER_ROLE to a new signer, put its key in the stage's signer secret, and revoke the old signer's role; the admin role does not move",
    )
    .addOption(stageOption())
    .requiredOption('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain")
    .requiredOption('--new-key-file <file>', "the new signer's private key from this file, or - for stdin")
    .option('--admin-key-file <file>', "the admin's private key, when the admin is not the current signer")
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (options: {
        stage: StageName;
        rpcUrl: string;
        newKeyFile: string;
        adminKeyFile?: string;
        confirmations: number;
        record: string;
        secretsDir?: string;
      }) => {
        if (options.newKeyFile === '-' && options.adminKeyFile === '-') throw new Error('only one of the keys can come from stdin');
        const store = stageSecretStore({ ...global(), ...options });
        const rotation = await rotateSigner({
          stage: options.stage,
          rpcUrl: options.rpcUrl,
          store,
          confirmations: options.confirmations,
          recordFile: options.record,
          newKeyText: await readKeyText(options.newKeyFile),
          ...(options.adminKeyFile && { adminKeyText: await readKeyText(options.adminKeyFile) }),
        });
        console.log(
          `PlaqueToken ${rotation.contractAddress}: minter ${rotation.next}${rotation.granted ? ` (granted in ${rotation.granted})` : ' (already granted)'}.`,
        );
        for (const { account, txHash } of rotation.revoked) console.log(`  ${account}: MINTER_ROLE revoked in ${txHash}`);
        console.log(`  admin ${rotation.admin} unchanged; ${rotation.next} alone holds MINTER_ROLE.`);
        console.log(`Recorded the minter in ${options.record}: commit it, so the record names who mints on ${options.stage}.`);
        console.log(
          `The delivery worker reads the new key at its next cold start (infra/DEPLOY.md, signer rotation); orders it failed meanwhile are re-queued with retry-delivery.`,
        );
      },
    );

  program
    .command('signer-balance')
    .description(
      "print the minting wallet's address, its balance and the mints it still pays for at the chain's gas price now: the local chain, or a stage's with --stage",
    )
    .addOption(new Option('--stage <stage>', 'a deployed stage (default: the local data folder)').choices(STAGE_NAMES))
    .option('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain (with --stage)")
    .addOption(recordOption())
    .action(async (options: { stage?: StageName; rpcUrl?: string; record: string }, command: Command) => {
      if (options.stage && !options.rpcUrl) throw new Error("--stage needs --rpc-url: name the stage's chain endpoint");
      if (!options.stage && options.rpcUrl) throw new Error('--rpc-url needs --stage: the local chain is found in the data folder');
      const { dataDir, table } = command.optsWithGlobals<{ dataDir?: string; table?: string }>();
      const target = options.stage
        ? stageChain(options.stage, options.rpcUrl!, options.record)
        : await localChain(dataDir ?? coreConfig().DATA_DIR, table ?? coreConfig().TABLE_NAME);
      try {
        const funds = await signerBalances(target);
        console.log(`Minting wallet of ${target.describe}, PlaqueToken ${target.contractAddress}:`);
        for (const signer of funds) console.log(`  ${describeSignerFunds(signer)}`);
      } finally {
        await target.close();
      }
    });
}
