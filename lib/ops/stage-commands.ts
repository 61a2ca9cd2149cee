// Ops commands for a deployed stage's secrets and chain: `init-stage` and `rotate-jwt-key` (Secrets Manager, or a
// folder standing in for it with --secrets-dir), `deploy-contract`, `set-token-uri`, `rotate-signer` and
// `signer-balance` (the stage's chain; `signer-balance` also the local one).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { coreConfig } from '#lib/config.ts';
import { initStage, type SignerKeySource } from '#lib/ops/init-stage.ts';
import { deployContract, rotateSigner, setLocalTokenUri, setTokenUri } from '#lib/ops/chain-commands.ts';
import { localChain, signerBalances, stageChain } from '#lib/ops/signer-balance.ts';
import { describeSignerFunds } from '#lib/chain/signer-funds.ts';
import { CONTRACT_RECORD_FILE } from '#lib/chain/contract-record.ts';
import { rotateJwtKey } from '#lib/ops/rotate-jwt-key.ts';
import { assertDeployCredentials, cdkCommandLine, runCdk } from '#lib/ops/stage-deploy.ts';
import { onRehearsalChain, REHEARSAL_CHAIN_ID, rehearsalIn, type Rehearsal } from '#lib/ops/rehearsal.ts';
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

const rehearsalOption = () =>
  new Option(
    '--rehearsal <folder>',
    `rehearse without AWS or a public chain: the secrets as files in <folder>/secrets, the contract record in <folder>/contracts.json, and a local anvil (chain ${REHEARSAL_CHAIN_ID}) over <folder>/chain that the command starts and stops (or the chain at --rpc-url)`,
  );

/** The secrets folder of a command: --secrets-dir, or the rehearsal's; never both. */
function secretsDirOf(options: { secretsDir?: string; rehearsal?: string }): string | undefined {
  if (options.rehearsal && options.secretsDir) throw new Error('--rehearsal <folder> holds the secrets: leave out --secrets-dir');
  return options.rehearsal ? rehearsalIn(options.rehearsal).secretsDir : options.secretsDir;
}

interface ChainPlace {
  rehearsal: Rehearsal | null;
  secretsDir?: string;
  record: string;
  /** Runs the work against the chain: --rpc-url's, else the rehearsal's own, started and stopped around it. */
  onChain: <T>(work: (rpcUrl: string) => Promise<T>) => Promise<T>;
  /** How often to ask for receipts: often on the rehearsal's own chain, on this machine (else viem's default). */
  polling: { pollingIntervalMs?: number };
}

/**
 * Where a chain command works: the stage's chain at --rpc-url, its secrets (Secrets Manager or --secrets-dir) and its
 * record (--record, infra/contracts.json by default); or a rehearsal's secrets, record and chain.
 */
function chainPlaceOf(options: { rpcUrl?: string; rehearsal?: string; secretsDir?: string; record: string }, command: Command): ChainPlace {
  if (!options.rehearsal) {
    if (!options.rpcUrl) throw new Error("--rpc-url <url> is needed: the stage's chain endpoint (a rehearsal takes --rehearsal <folder>)");
    const rpcUrl = options.rpcUrl;
    return { rehearsal: null, secretsDir: options.secretsDir, record: options.record, onChain: (work) => work(rpcUrl), polling: {} };
  }
  if (command.getOptionValueSource('record') !== 'default') {
    throw new Error('--rehearsal <folder> holds the contract record: leave out --record');
  }
  const rehearsal = rehearsalIn(options.rehearsal);
  const rpcUrl = options.rpcUrl;
  return {
    rehearsal,
    secretsDir: secretsDirOf(options),
    record: rehearsal.recordFile,
    onChain: (work) => (rpcUrl ? work(rpcUrl) : onRehearsalChain(rehearsal, work)),
    polling: rpcUrl ? {} : { pollingIntervalMs: 250 },
  };
}

/** Where a command's record went, and what to do with it. */
const recordedIn = (place: ChainPlace, then: string): string =>
  place.rehearsal ? `Recorded in ${place.record} (a rehearsal: the stage's record is untouched).` : `Recorded in ${place.record}: ${then}`;

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
    .addOption(rehearsalOption())
    .action(
      async (options: {
        stage: StageName;
        signerKeyFile?: string;
        generateSignerKey?: boolean;
        force?: boolean;
        only?: string[];
        secretsDir?: string;
        rehearsal?: string;
      }) => {
        const secretsDir = secretsDirOf(options);
        if (options.signerKeyFile && options.generateSignerKey)
          throw new Error('give --signer-key-file or --generate-signer-key, not both');
        const signerKey: SignerKeySource = options.signerKeyFile
          ? { kind: 'given', text: await readKeyText(options.signerKeyFile) }
          : options.generateSignerKey
            ? { kind: 'generate' }
            : { kind: 'none' };
        if (secretsDir && (await ensureRehearsalSecrets(secretsDir, options.stage)) === 'created') {
          console.log(
            `Created the placeholder secrets of ${options.stage} in ${resolve(secretsDir)} (a rehearsal: the layout Secrets Manager holds after the first cdk deploy).`,
          );
        }
        const store = stageSecretStore({ ...global(), ...(secretsDir && { secretsDir }) });
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
    .addOption(rehearsalOption())
    .action(async (options: { stage?: StageName; secretId?: string; secretsDir?: string; rehearsal?: string }) => {
      const secretId = options.secretId ?? (options.stage ? secretIdOf(options.stage, 'jwtKeys') : undefined);
      const secretsDir = secretsDirOf(options);
      if (secretsDir && !secretId)
        throw new Error(`${options.rehearsal ? '--rehearsal' : '--secrets-dir'} needs --stage or --secret-id: name the secret to rotate`);
      const { region, dataDir, createDataDir } = global();
      const result = await rotateJwtKey({
        ...(secretId && { secretId }),
        ...(region && { region }),
        ...(dataDir && { dataDir }),
        ...(createDataDir && { createDataDir }),
        ...(secretsDir && { store: fileSecretStore(secretsDir) }),
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
    .option('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain (one with your provider's key is fine: it is not recorded)")
    .requiredOption(
      '--base <url>',
      "the stage's public base URL (stack output PublicBaseUrl: its custom domain, else its API stage URL); the contract names <base>/tokens/{id}.json and <base>/contract.json",
    )
    .option('--admin <address>', 'the account holding DEFAULT_ADMIN_ROLE, e.g. a multisig (default: the signer)')
    .option('--replace', 'deploy although the stage has a contract recorded')
    .option('--replace-pending', 'replace a deployment a run cut short left pending (same nonce, higher fees) instead of waiting for it')
    .addOption(rehearsalOption())
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (
        options: {
          stage: StageName;
          rpcUrl?: string;
          base: string;
          admin?: `0x${string}`;
          replace?: boolean;
          replacePending?: boolean;
          rehearsal?: string;
          confirmations: number;
          record: string;
          secretsDir?: string;
        },
        command: Command,
      ) => {
        const place = chainPlaceOf(options, command);
        const store = stageSecretStore({ ...global(), ...(place.secretsDir && { secretsDir: place.secretsDir }) });
        const deployed = await place.onChain((rpcUrl) =>
          deployContract({
            stage: options.stage,
            rpcUrl,
            publicBase: options.base,
            store,
            confirmations: options.confirmations,
            recordFile: place.record,
            ...place.polling,
            ...(options.admin && { admin: options.admin }),
            ...(options.replace && { replace: true }),
            ...(options.replacePending && { replacePending: true }),
            ...(place.rehearsal && { chainId: REHEARSAL_CHAIN_ID }),
            onProgress: (line) => console.log(line),
          }),
        );
        console.log(
          `PlaqueToken deployed on chain ${deployed.chainId} at ${deployed.contractAddress} (tx ${deployed.txHash}, block ${deployed.blockNumber}).`,
        );
        console.log(`  admin ${deployed.admin}, minter ${deployed.minter} (balance ${deployed.balance})`);
        console.log(
          `  token metadata at ${deployed.publicBase}/tokens/{id}.json, the collection's at ${deployed.publicBase}/contract.json`,
        );
        console.log(recordedIn(place, `commit it, then npm run ops -- deploy --stage ${options.stage}.`));
      },
    );

  program
    .command('set-token-uri')
    .description(
      "point the contract at <base>/tokens/{id}.json and <base>/contract.json (admin role; every token, minted or not, follows) and record the base: a stage's with --stage, else the local data folder's (npm start points it at its own address again when it starts)",
    )
    .addOption(new Option('--stage <stage>', 'a deployed stage (default: the local data folder)').choices(STAGE_NAMES))
    .option('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain (with --stage)")
    .option(
      '--base <url>',
      'the new public base URL (default: the one recorded for the stage; locally, the address the folder is served on)',
    )
    .option('--admin-key-file <file>', "the admin's private key, when the admin is not the stage's signer")
    .addOption(rehearsalOption())
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (
        options: {
          stage?: StageName;
          rpcUrl?: string;
          base?: string;
          adminKeyFile?: string;
          rehearsal?: string;
          confirmations: number;
          record: string;
          secretsDir?: string;
        },
        command: Command,
      ) => {
        if (!options.stage) {
          if (options.rpcUrl || options.rehearsal || options.adminKeyFile || options.secretsDir) {
            throw new Error(
              '--rpc-url, --rehearsal, --admin-key-file and --secrets-dir need --stage: the local chain is found in the data folder',
            );
          }
          const { dataDir, table } = command.optsWithGlobals<{ dataDir?: string; table?: string }>();
          const set = await setLocalTokenUri({
            dataDir: dataDir ?? coreConfig().DATA_DIR,
            tableName: table ?? coreConfig().TABLE_NAME,
            ...(options.base && { base: options.base }),
          });
          const sent = set.transactions.length > 0 ? `set in ${set.transactions.join(', ')}` : 'already set';
          console.log(`PlaqueToken ${set.contractAddress} of ${set.describe}: uri ${set.uri}, contractURI ${set.contractURI} (${sent}).`);
          console.log(`npm start points it at its own address again when it starts (docs/tokens.md).`);
          return;
        }
        const stage = options.stage;
        const place = chainPlaceOf(options, command);
        const store = stageSecretStore({ ...global(), ...(place.secretsDir && { secretsDir: place.secretsDir }) });
        const adminKeyText = options.adminKeyFile ? await readKeyText(options.adminKeyFile) : undefined;
        const set = await place.onChain((rpcUrl) =>
          setTokenUri({
            stage,
            rpcUrl,
            store,
            confirmations: options.confirmations,
            recordFile: place.record,
            ...place.polling,
            ...(options.base && { base: options.base }),
            ...(adminKeyText && { adminKeyText }),
          }),
        );
        const sent = set.transactions.length > 0 ? `set in ${set.transactions.join(', ')}` : 'already set';
        console.log(`PlaqueToken ${set.contractAddress}: uri ${set.uri}, contractURI ${set.contractURI} (${sent}).`);
        console.log(recordedIn(place, 'commit it.'));
      },
    );

  program
    .command('rotate-signer')
    .description(
      "grant MINTER_ROLE to a new signer, put its key in the stage's signer secret, and revoke the old signer's role; the admin role does not move",
    )
    .addOption(stageOption())
    .option('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain")
    .requiredOption('--new-key-file <file>', "the new signer's private key from this file, or - for stdin")
    .option('--admin-key-file <file>', "the admin's private key, when the admin is not the current signer")
    .addOption(rehearsalOption())
    .addOption(confirmationsOption())
    .addOption(recordOption())
    .addOption(secretsDirOption())
    .action(
      async (
        options: {
          stage: StageName;
          rpcUrl?: string;
          newKeyFile: string;
          adminKeyFile?: string;
          rehearsal?: string;
          confirmations: number;
          record: string;
          secretsDir?: string;
        },
        command: Command,
      ) => {
        if (options.newKeyFile === '-' && options.adminKeyFile === '-') throw new Error('only one of the keys can come from stdin');
        const place = chainPlaceOf(options, command);
        const store = stageSecretStore({ ...global(), ...(place.secretsDir && { secretsDir: place.secretsDir }) });
        const newKeyText = await readKeyText(options.newKeyFile);
        const adminKeyText = options.adminKeyFile ? await readKeyText(options.adminKeyFile) : undefined;
        const rotation = await place.onChain((rpcUrl) =>
          rotateSigner({
            stage: options.stage,
            rpcUrl,
            store,
            confirmations: options.confirmations,
            recordFile: place.record,
            ...place.polling,
            newKeyText,
            ...(adminKeyText && { adminKeyText }),
          }),
        );
        console.log(
          `PlaqueToken ${rotation.contractAddress}: minter ${rotation.next}${rotation.granted ? ` (granted in ${rotation.granted})` : ' (already granted)'}.`,
        );
        for (const { account, txHash } of rotation.revoked) console.log(`  ${account}: MINTER_ROLE revoked in ${txHash}`);
        console.log(`  admin ${rotation.admin} unchanged; ${rotation.next} alone holds MINTER_ROLE.`);
        console.log(recordedIn(place, `commit it, so the record names who mints on ${options.stage}.`));
        if (!place.rehearsal) {
          console.log(
            `The delivery worker reads the new key at its next cold start (infra/DEPLOY.md, signer rotation); orders it failed meanwhile are re-queued with retry-delivery.`,
          );
        }
      },
    );

  program
    .command('signer-balance')
    .description(
      "print the minting wallet's address, its balance and the mints it still pays for at the chain's gas price now: the local chain, or a stage's with --stage",
    )
    .addOption(new Option('--stage <stage>', 'a deployed stage (default: the local data folder)').choices(STAGE_NAMES))
    .option('--rpc-url <url>', "JSON-RPC endpoint of the stage's chain (with --stage)")
    .addOption(rehearsalOption())
    .addOption(recordOption())
    .action(async (options: { stage?: StageName; rpcUrl?: string; rehearsal?: string; record: string }, command: Command) => {
      if (!options.stage && (options.rpcUrl || options.rehearsal)) {
        throw new Error('--rpc-url and --rehearsal need --stage: the local chain is found in the data folder');
      }
      const { dataDir, table } = command.optsWithGlobals<{ dataDir?: string; table?: string }>();
      const report = async (target: { rpcUrl: string; contractAddress: `0x${string}`; describe: string }) => {
        const funds = await signerBalances(target);
        console.log(`Minting wallet of ${target.describe}, PlaqueToken ${target.contractAddress}:`);
        for (const signer of funds) console.log(`  ${describeSignerFunds(signer)}`);
      };
      if (options.stage) {
        const stage = options.stage;
        const place = chainPlaceOf(options, command);
        await place.onChain((rpcUrl) => report(stageChain(stage, rpcUrl, place.record)));
        return;
      }
      const target = await localChain(dataDir ?? coreConfig().DATA_DIR, table ?? coreConfig().TABLE_NAME);
      try {
        await report(target);
      } finally {
        await target.close();
      }
    });
}
