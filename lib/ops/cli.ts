// `npm run ops -- <command>`: operator commands against the local table (default) or a named AWS table.
import '#lib/runtime/node-support.ts';
import { Command } from 'commander';
import { registerPlaqueCommands } from '#lib/ops/plaque-commands.ts';
import { registerDeliveryCommands } from '#lib/ops/delivery-commands.ts';
import { registerMigrateCommand, registerMoveToContractCommand } from '#lib/ops/migrate-command.ts';
import { registerChainCommands, registerStageCommands } from '#lib/ops/stage-commands.ts';
import { registerRestoreCommands } from '#lib/ops/restore-table.ts';
import { registerMoneyCommands } from '#lib/ops/money-commands.ts';
import { registerMetadataCommands } from '#lib/ops/metadata-commands.ts';
import type { TargetOptions } from '#lib/ops/target.ts';

const program = new Command()
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

const target = (): TargetOptions => {
  const options = program.opts<TargetOptions>();
  if (options.region && !options.table) program.error('--region needs --table: name the AWS table to work on');
  return options;
};

registerPlaqueCommands(program, target);
registerDeliveryCommands(program, target);
registerMigrateCommand(program, target);
registerMoveToContractCommand(program, target);
registerStageCommands(program, () => program.opts<{ region?: string; dataDir?: string; createDataDir?: boolean }>());
registerChainCommands(program, () => program.opts<{ region?: string }>());
registerRestoreCommands(program, target);
registerMoneyCommands(program, target);
registerMetadataCommands(program, target);

// `help <command>` names a command that exists, or fails: a script checking a documented command relies on it
// (commander alone prints the main help for an unknown one).
// `help help` is the main help, which describes the help command with the others (commander alone calls it unknown).
const [first, second] = program.parseOptions(process.argv.slice(2)).operands;
if (first === 'help' && second === 'help') program.help();
if (first === 'help' && second !== undefined && !program.commands.some((c) => c.name() === second || c.aliases().includes(second))) {
  program.error(`error: unknown command '${second}'`);
}

try {
  await program.parseAsync();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
