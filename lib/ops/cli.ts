// `npm run ops -- <command>`: operator commands against the local table (default) or a named AWS table. Only the area
// of the command named is loaded (lib/ops/program.ts).
import '#lib/runtime/node-support.ts';
import { opsProgram, registerCommands } from '#lib/ops/program.ts';

const program = opsProgram();
const [first, second] = program.parseOptions(process.argv.slice(2)).operands;
await registerCommands(program, first === 'help' ? second : first);

// `help <command>` names a command that exists, or fails: a script checking a documented command relies on it
// (commander alone prints the main help for an unknown one).
// `help help` is the main help, which describes the help command with the others (commander alone calls it unknown).
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
