// The ops command line's program: its global options and its commands, area by area. An area's module (its commands'
// work, the AWS SDK, viem…) is loaded only when one of its commands runs or its help is asked for, so a command starts
// in about half the time it took with every area loaded (docs/test-suite-time.md); the main help loads them all.
import { Command } from 'commander';
import type { TargetOptions } from '#lib/ops/target.ts';

/**
 * Registers an area's commands on `program`. Both read the global options once the command line is parsed: `target`
 * checked as a table to work on, `global` as given.
 */
type Register = (program: Command, target: () => TargetOptions, global: () => TargetOptions) => void;

interface Area {
  /** The commands the area registers, in the order of the main help (test/ops/program.test.ts holds them to it). */
  commands: readonly string[];
  load: () => Promise<Register>;
}

export const AREAS: readonly Area[] = [
  {
    commands: ['import', 'feature', 'unfeature', 'price'],
    load: async () => (await import('#lib/ops/plaque-commands.ts')).registerPlaqueCommands,
  },
  {
    commands: ['deliveries', 'retry-delivery', 'cancel-order', 'delivery-costs'],
    load: async () => (await import('#lib/ops/delivery-commands.ts')).registerDeliveryCommands,
  },
  {
    commands: ['migrate', 'move-to-contract'],
    load: async () => {
      const { registerMigrateCommand, registerMoveToContractCommand } = await import('#lib/ops/migrate-command.ts');
      return (program, target) => {
        registerMigrateCommand(program, target);
        registerMoveToContractCommand(program, target);
      };
    },
  },
  {
    commands: ['init-stage', 'rotate-jwt-key', 'deploy', 'deploy-contract', 'set-token-uri', 'rotate-signer', 'signer-balance'],
    load: async () => {
      const { registerStageCommands, registerChainCommands } = await import('#lib/ops/stage-commands.ts');
      return (program, _target, global) => {
        registerStageCommands(program, global);
        registerChainCommands(program, global);
      };
    },
  },
  {
    commands: ['restore-table', 'copy-table'],
    load: async () => (await import('#lib/ops/restore-table.ts')).registerRestoreCommands,
  },
  {
    commands: ['set-commission', 'record-payment', 'statement'],
    load: async () => (await import('#lib/ops/money-commands.ts')).registerMoneyCommands,
  },
  {
    commands: ['refresh-metadata'],
    load: async () => (await import('#lib/ops/metadata-commands.ts')).registerMetadataCommands,
  },
];

/** The program with its global options and no command yet. */
export function opsProgram(): Command {
  return new Command()
    .name('npm run ops --')
    .description('Operate the plaque marketplace: by default on the local data (DATA_DIR), or on an AWS table with --region.')
    .option('--region <region>', 'work on the AWS table in this region (uses the default AWS credentials)')
    .option('--table <name>', 'table name (default: TABLE_NAME or "plaques")')
    .option('--endpoint <url>', 'a DynamoDB endpoint to use as it is, e.g. a running DynamoDB Local')
    .option('--data-dir <dir>', 'local data folder (default: DATA_DIR or .data)')
    .option('--create-data-dir', 'start an empty local data folder when the one named holds no data (refused otherwise)')
    .option(
      '--contract-address <0x…>',
      "the stage's token contract, which new and migrated plaques carry (default: CONTRACT_ADDRESS; locally the one npm start deployed)",
    )
    .option('--media-base-url <url>', 'where the stage serves media (default: MEDIA_BASE_URL; locally the local server)')
    .showHelpAfterError();
}

/**
 * Registers the commands of the areas that hold `command`, or of every area when `command` is undefined or no area
 * holds it (the main help lists them all; commander's refusal of an unknown command suggests the nearest one).
 */
export async function registerCommands(program: Command, command: string | undefined): Promise<void> {
  const owning = AREAS.filter((area) => command !== undefined && area.commands.includes(command));
  const target = (): TargetOptions => {
    const options = program.opts<TargetOptions>();
    if (options.region && !options.table) program.error('--region needs --table: name the AWS table to work on');
    return options;
  };
  const global = () => program.opts<TargetOptions>();
  for (const register of await Promise.all((owning.length > 0 ? owning : AREAS).map((area) => area.load()))) {
    register(program, target, global);
  }
}
