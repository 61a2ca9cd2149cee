// Every command README.md, the notes in docs/ and infra/DEPLOY.md tell someone to run exists: each `npm run <script>`
// is a script of package.json, each `npm run ops -- <command>` a command of the ops command line (asked with
// `help <command>`, which fails for an unknown one) with the options the docs give it, each `npx <tool>` an installed
// binary.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { opsProgram, registerCommands } from '#lib/ops/program.ts';

const run = promisify(execFile);
const env = { ...process.env, LOG_LEVEL: 'SILENT' };
const NOTES = readdirSync('docs')
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`);
const DOCS = ['README.md', ...NOTES, 'infra/DEPLOY.md'];
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Every command line of the docs that starts with npm or npx (code blocks and inline code), joined across `\`. */
function documentedCommands(): { doc: string; line: string }[] {
  const found: { doc: string; line: string }[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(doc, 'utf8').replace(/\\\n\s*/g, ' ');
    // `$OPS <command>`: DEPLOY.md's shorthand for `npm run ops --` with a stage's table and values.
    for (const match of text.matchAll(/(?:^|[\s`(=;&|])((?:npm|npx|\$OPS) [^`\n#]*)/gm)) {
      found.push({ doc, line: match[1]!.trim() });
    }
  }
  return found;
}

/** Shell-ish words: quoted strings and $(…) stay whole. */
const words = (line: string): string[] => line.match(/"[^"]*"|'[^']*'|\$\([^)]*\)|\S+/g) ?? [];

/** Global options of the ops command line that take a value. */
const OPS_VALUE_OPTIONS = new Set(['--region', '--table', '--endpoint', '--data-dir', '--contract-address', '--media-base-url']);

interface OpsCall {
  doc: string;
  command: string;
  options: string[];
}

function opsCalls(): OpsCall[] {
  const calls: OpsCall[] = [];
  for (const { doc, line } of documentedCommands()) {
    const w = words(line);
    const shorthand = w[0] === '$OPS';
    if (!shorthand && (w[0] !== 'npm' || w[1] !== 'run' || w[2] !== 'ops' || w[3] !== '--')) continue;
    const rest = w.slice(shorthand ? 1 : 4);
    let i = 0;
    while (i < rest.length && rest[i]!.startsWith('--')) i += OPS_VALUE_OPTIONS.has(rest[i]!) ? 2 : 1;
    const command = rest[i];
    // `help <command>` is commander's own (tested below).
    if (!command || command.startsWith('<') || command === 'help') continue;
    calls.push({ doc, command, options: rest.slice(i + 1).filter((word) => /^--[a-z]/.test(word)) });
  }
  return calls;
}

describe('the commands the docs name', () => {
  const commands = documentedCommands();

  it('finds the commands of README.md, of the notes in docs/ and of DEPLOY.md', () => {
    expect(commands.filter((c) => c.doc === 'README.md').length).toBeGreaterThan(10);
    expect(commands.filter((c) => NOTES.includes(c.doc)).length).toBeGreaterThan(10);
    expect(commands.filter((c) => c.doc === 'infra/DEPLOY.md').length).toBeGreaterThan(10);
    expect(new Set(opsCalls().map((c) => c.command))).toEqual(
      new Set([
        'import',
        'feature',
        'unfeature',
        'price',
        'deliveries',
        'delivery-costs',
        'retry-delivery',
        'cancel-order',
        'migrate',
        'init-stage',
        'rotate-jwt-key',
        'deploy-contract',
        'rotate-signer',
        'signer-balance',
        'set-token-uri',
        'move-to-contract',
        'deploy',
        'restore-table',
        'copy-table',
        'set-commission',
        'record-payment',
        'statement',
        'refresh-metadata',
      ]),
    );
  });

  it('are npm scripts of package.json', () => {
    const missing: string[] = [];
    for (const { doc, line } of commands) {
      const w = words(line);
      // `npm run <script>`, and the scripts npm runs by their own verb; other verbs (ci, install) are npm's.
      if (w[0] !== 'npm' || !['run', 'test', 'start'].includes(w[1]!)) continue;
      const script = w[1] === 'run' ? w[2] : w[1];
      if (!script || script.startsWith('<')) continue;
      if (!(script in scripts)) missing.push(`${doc}: ${line}`);
    }
    expect(missing).toEqual([]);
  });

  it('are installed tools, and the files given to them exist', () => {
    const missing: string[] = [];
    for (const { doc, line } of commands) {
      const w = words(line);
      if (w[0] !== 'npx') continue;
      if (!existsSync(`node_modules/.bin/${w[1]}`)) missing.push(`${doc}: ${line} (no ${w[1]})`);
      if (w[1] === 'tsx' && !existsSync(w[2]!)) missing.push(`${doc}: ${line} (no ${w[2]})`);
    }
    expect(missing).toEqual([]);
  });

  it('are commands of npm run ops, with the options the docs give them', async () => {
    const byCommand = new Map<string, Set<string>>();
    for (const call of opsCalls()) {
      const options = byCommand.get(call.command) ?? new Set<string>();
      for (const option of call.options) options.add(option);
      byCommand.set(call.command, options);
    }
    // Each command's help as `npm run ops -- help <command>` prints it, from the program the command line builds (one
    // command goes through npm below): a child process for each would load the ops modules again every time.
    const program = opsProgram();
    await registerCommands(program, undefined);
    for (const [command, options] of byCommand) {
      const help = program.commands.find((c) => c.name() === command)?.helpInformation() ?? `no command ${command}`;
      expect(help, command).toContain(`Usage: npm run ops -- ${command}`);
      for (const option of options) expect(help, `${command} ${option}`).toContain(option);
    }
  }, 60_000);

  it("answers npm run ops -- help <command> with that command's help, loading its own area", async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'ops', '--', 'help', 'import'], { env });
    expect(stdout).toContain('Usage: npm run ops -- import [options] <file>');
    expect(stdout).toContain('--dry-run');
  }, 60_000);

  it('answers npm run ops -- help help with the main help, the help command listed, and success', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'ops', '--', 'help', 'help'], { env });
    expect(stdout).toContain('Usage: npm run ops -- [options] [command]');
    expect(stdout).toMatch(/help \[command\]/);
  }, 60_000);

  it('has npm run ops -- help <command> fail for a command that does not exist', async () => {
    const failed = await run('npm', ['run', '--silent', 'ops', '--', 'help', 'no-such-command'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("unknown command 'no-such-command'") });
  }, 60_000);

  it('gives npm run smoke the options the docs use', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'smoke', '--', '--help'], { env });
    for (const { line } of commands.filter((c) => c.line.startsWith('npm run smoke'))) {
      for (const option of words(line).filter((word) => /^--[a-z]/.test(word))) expect(stdout, option).toContain(option);
    }
  }, 60_000);
});
