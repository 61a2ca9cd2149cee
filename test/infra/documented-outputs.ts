// The stack outputs infra/DEPLOY.md's table lists ("The stack outputs"), for the template tests that hold it to the
// outputs the stacks define.
import { readFileSync } from 'node:fs';

/** Each output the table names, and whether it exists with a custom domain only. */
export function documentedOutputs(): Array<{ name: string; customDomainOnly: boolean }> {
  const doc = readFileSync('infra/DEPLOY.md', 'utf8');
  const start = doc.indexOf('### The stack outputs\n');
  if (start === -1) throw new Error('infra/DEPLOY.md has no section "The stack outputs"');
  const section = doc.slice(start, doc.indexOf('\n#', start + 1));
  return [...section.matchAll(/^\| `(\w+)` \| ([^|]*)\|/gm)].map(([, name, what]) => ({
    name: name!,
    customDomainOnly: what!.startsWith('with a custom domain only'),
  }));
}
