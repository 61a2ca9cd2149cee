// The ops command line's areas: each registers exactly the commands it is listed with, so a command loads its own
// area and nothing else, and the main help and an unknown command still see every command.
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { AREAS, opsProgram, registerCommands } from '#lib/ops/program.ts';

const names = (program: Command) => program.commands.map((c) => c.name());

describe('the ops program', () => {
  it.each(AREAS.map((area) => [area.commands.join(', '), area] as const))('registers %s in its area', async (_, area) => {
    const program = new Command();
    (await area.load())(
      program,
      () => ({}),
      () => ({}),
    );
    expect(names(program)).toEqual(area.commands);
  });

  it('registers the area of the command named, and only that one', async () => {
    const program = opsProgram();
    await registerCommands(program, 'price');
    expect(names(program)).toEqual(['import', 'feature', 'unfeature', 'price']);
  });

  it('registers every area, in order and once each, for the main help and for a command no area holds', async () => {
    for (const command of [undefined, 'no-such-command']) {
      const program = opsProgram();
      await registerCommands(program, command);
      expect(names(program)).toEqual(AREAS.flatMap((area) => area.commands));
      expect(new Set(names(program)).size).toBe(names(program).length);
    }
  });
});
