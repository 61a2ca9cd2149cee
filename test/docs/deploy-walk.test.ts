// infra/DEPLOY.md's first deploy of a stage (section 3, its numbered steps) and its key rotations (section 6), run
// with bash in the order written. What needs AWS is swapped for its local stand-in, a rehearsal's folder
// (`--rehearsal`): the secrets live in it (the file-backed secret store) instead of Secrets Manager, and the contract
// record; the RPC endpoint the docs name is an anvil node of this file's own (its chain id stands for the stage's,
// and it mines on for the confirmations), the stage URL is the local server. Section 6 names
// production; the walk rehearses it on the staging it just set up. The git, aws and stack deploy (cdk) lines are the
// only ones left out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseKeySet } from '#lib/auth/key-set.ts';
import { readContractRecords } from '#lib/chain/contract-record.ts';
import { MINTER_ROLE } from '#lib/chain/plaque-token-abi.ts';
import { DEFAULT_ADMIN_ROLE, plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { startAnvil, type RunningAnvil } from '#lib/local/anvil.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { secretIdOf } from '#lib/ops/stage-secrets.ts';
import { freshTable } from '../support/db.ts';

const run = promisify(execFile);
// A node of this file's own: it mines blocks for the confirmations, which would move other files' chains on.
let anvil: RunningAnvil;
beforeAll(async () => {
  anvil = await startAnvil();
}, 60_000);
afterAll(() => anvil.stop());
const rpcUrl = () => anvil.rpcUrl;
const client = () => createPublicClient({ transport: http(rpcUrl()) });

/** The first `blocks` sh blocks of one DEPLOY.md (sub)section, continuation lines joined, comments dropped. */
function sectionLines(heading: string, blocks = Infinity): string[] {
  const doc = readFileSync('infra/DEPLOY.md', 'utf8');
  const start = doc.indexOf(`${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  // Up to the next heading of a section or subsection (a `# comment` in a block has one #).
  const end = doc.slice(start + heading.length).search(/\n#{2,3} /);
  const section = doc.slice(start, end === -1 ? undefined : start + heading.length + end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .slice(0, blocks)
    .flatMap((block) => block[1]!.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
    .filter(Boolean);
}

/** The npm commands of those lines, rewritten for the local stand-ins; every other line must be git, cdk or aws. */
function walkable(lines: string[]): string[] {
  // `npm run ops -- deploy` is `npx cdk deploy` once AWS credentials are found.
  const deploysStack = (line: string) => line.startsWith('npm run ops -- deploy ');
  const skipped = lines.filter((line) => !line.startsWith('npm run ') || deploysStack(line));
  for (const line of skipped)
    expect(line, 'a documented step the walk cannot leave out').toMatch(
      /^(git |npx cdk |npm run ops -- deploy |aws |out\(\)|API=|TABLE=|BASE=)/,
    );
  return lines
    .filter((line) => line.startsWith('npm run ') && !deploysStack(line))
    .map((line) => {
      let command = line.replace('--region <region> ', '').replace(/https:\/\/<[^>]+>/g, '"$RPC"');
      if (/^npm run ops -- (init-stage|rotate-jwt-key|deploy-contract|rotate-signer)\b/.test(command)) {
        const [args, input] = command.split(' < ');
        command = `${args} --rehearsal "$REH"${input ? ` < "$K/${input}"` : ''}`;
      }
      return command.replace('--stage production', '--stage staging');
    });
}

/** `npm run ops -- <command>` or `npm run <script>`. */
const commandOf = (line: string): string =>
  line
    .split(' ')
    .slice(0, line.startsWith('npm run ops -- ') ? 5 : 3)
    .join(' ');

/** A chain that moves on: a block every 100 ms, as a public network would, so confirmations arrive. */
let miner: NodeJS.Timeout | undefined;
afterEach(() => clearInterval(miner));

async function fund(address: Address): Promise<void> {
  await client().request({ method: 'anvil_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never });
}

const hasRole = (contract: Address, role: Hex, account: Address) =>
  client().readContract({ address: contract, abi: plaqueTokenAdminAbi, functionName: 'hasRole', args: [role, account] });

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ ctx: await freshTable(), port: 0 });
});
afterAll(() => server.close());

describe("DEPLOY.md's first deploy and key rotations", () => {
  it('run as written: secrets filled, contract deployed and recorded, stage smoke-tested, JWT key and signer rotated', async () => {
    const firstDeploy = walkable(sectionLines('### First deploy of a stage: secrets, contract, second deploy', 1));
    const rotations = walkable(sectionLines('## 6. Rotate keys'));
    expect(firstDeploy.map((line) => commandOf(line))).toEqual([
      'npm run ops -- init-stage',
      'npm run ops -- deploy-contract',
      'npm run smoke',
    ]);
    expect(rotations.map((line) => commandOf(line))).toEqual(['npm run ops -- rotate-jwt-key', 'npm run ops -- rotate-signer']);

    // A stage as CloudFormation leaves it: every secret holds a random placeholder.
    const rehearsal = mkdtempSync(join(tmpdir(), 'plaque-walk-'));
    const secrets = join(rehearsal, 'secrets');
    mkdirSync(join(secrets, 'PlaqueApi-staging'), { recursive: true });
    for (const role of ['jwtKeys', 'walletMnemonic', 'chainSigner'] as const) {
      writeFileSync(join(secrets, secretIdOf('staging', role)), 'Zq8#placeholder-from-cloudformation-Xv2');
    }
    // The operator's key files, and their accounts funded on the chain.
    const keys = mkdtempSync(join(tmpdir(), 'plaque-walk-keys-'));
    const signerKey = generatePrivateKey();
    const nextKey = generatePrivateKey();
    writeFileSync(join(keys, 'signer.key'), `${signerKey}\n`);
    writeFileSync(join(keys, 'new-signer.key'), `${nextKey}\n`);
    const signer = privateKeyToAccount(signerKey).address;
    const next = privateKeyToAccount(nextKey).address;
    await fund(signer);
    await fund(next);
    const record = join(rehearsal, 'contracts.json');

    miner = setInterval(
      () =>
        void client()
          .request({ method: 'evm_mine' as never })
          .catch(() => undefined),
      100,
    );
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', [...firstDeploy, ...rotations].join('\n')], {
      env: { ...process.env, LOG_LEVEL: 'SILENT', REH: rehearsal, K: keys, RPC: rpcUrl(), API: `${server.url}/`, BASE: server.url },
      maxBuffer: 8 * 1024 * 1024,
    });

    // Section 3: every secret filled, the contract on chain with the signer as minter and admin, the stage answering.
    const secret = (role: 'jwtKeys' | 'walletMnemonic' | 'chainSigner') => readFileSync(join(secrets, secretIdOf('staging', role)), 'utf8');
    expect(secret('walletMnemonic').trim().split(/\s+/)).toHaveLength(24);
    const contract = readContractRecords(record).staging!.contractAddress as Address;
    expect(stdout).toContain(`PlaqueToken deployed on chain`);
    // The contract names the stage's token metadata, which the stage serves.
    const uri = await client().readContract({ address: contract, abi: plaqueTokenAdminAbi, functionName: 'uri', args: [1n] });
    expect(uri).toBe(`${server.url}/tokens/{id}.json`);
    expect(
      (await fetch(await client().readContract({ address: contract, abi: plaqueTokenAdminAbi, functionName: 'contractURI' }))).status,
    ).toBe(200);
    expect(stdout).toMatch(/✓ listing /);
    expect(stdout).toMatch(/✓ sign-in code /);
    expect(stdout).not.toContain('✗');
    // No step prints a key it was given.
    for (const key of [signerKey, nextKey]) expect(stdout).not.toContain(key.slice(2));
    // Section 6: the key set keeps its previous key; the new signer mints, the old one no longer does, the admin stays.
    expect(parseKeySet(secret('jwtKeys'))!.previous).toBeTruthy();
    expect(secret('chainSigner').trim()).toBe(nextKey);
    expect(await hasRole(contract, MINTER_ROLE, next)).toBe(true);
    expect(await hasRole(contract, MINTER_ROLE, signer)).toBe(false);
    expect(await hasRole(contract, DEFAULT_ADMIN_ROLE, signer)).toBe(true);
  }, 240_000);
});
