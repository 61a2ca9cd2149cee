// The layers of README "Layout" are import rules ESLint enforces (eslint.config.js): each rule is shown refusing a
// file that crosses it, and the same file accepted where the layer allows it.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `source` placed at `filePath` (relative to the project root). */
async function violations(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const crossings: { rule: string; from: string; source: string; allowedFrom: string }[] = [
  {
    rule: 'the domain does not import the HTTP layer',
    from: 'lib/plaques/probe.ts',
    source: "import { problemResult } from '#lib/http/problem.ts';\nexport const probe = problemResult;\n",
    allowedFrom: 'lib/http/probe.ts',
  },
  {
    rule: 'a repository calls no domain code',
    from: 'lib/db/probe.ts',
    source: "import { CONDITIONS } from '#lib/plaques/plaque.ts';\nexport const probe = CONDITIONS;\n",
    allowedFrom: 'lib/plaques/probe.ts',
  },
  {
    rule: 'a handler reaches the table only through the domain',
    from: 'functions/plaques/probe.ts',
    source: "import { userRepo } from '#lib/db/user-repo.ts';\nexport const probe = userRepo;\n",
    allowedFrom: 'lib/accounts/probe.ts',
  },
  {
    rule: 'deployed code never imports the local runtime',
    from: 'lib/partner/probe.ts',
    source: "import { startLocalServer } from '#lib/local/server.ts';\nexport const probe = startLocalServer;\n",
    allowedFrom: 'test/probe.test.ts',
  },
  {
    rule: 'the CDK app reads the manifest and the table definition, not the domain',
    from: 'infra/probe.ts',
    source: "import { userRepo } from '#lib/db/user-repo.ts';\nexport const probe = userRepo;\n",
    allowedFrom: 'lib/accounts/probe.ts',
  },
  {
    rule: 'lib/ never imports a handler',
    from: 'lib/accounts/probe.ts',
    source: "import { handler } from '#functions/auth/get-profile.ts';\nexport const probe = handler;\n",
    allowedFrom: 'test/probe.test.ts',
  },
];

describe('import layers', () => {
  it.each(crossings)('$rule', async ({ from, source, allowedFrom }) => {
    expect((await violations(from, source)).filter((id) => id.startsWith('boundaries/') || id === 'no-restricted-imports')).not.toEqual([]);
    expect(await violations(allowedFrom, source)).toEqual([]);
  });

  it('the infra allow-list lets the operation manifest and the table definition through', async () => {
    const source =
      "import { routes } from '#lib/http/routes.ts';\nimport { tableDefinition } from '#lib/db/table.ts';\nexport const probe = [routes, tableDefinition];\n";
    expect(await violations('infra/probe.ts', source)).toEqual([]);
  });
});
