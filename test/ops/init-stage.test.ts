// init-stage and rotate-jwt-key on a stage's secrets, held in a folder (the file-backed secret store: no local
// Secrets Manager exists to test against, so the commands' logic runs on the same port with files behind it).
import { OPS_CLI } from '../support/ops-cli.ts';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseKeySet } from '#lib/auth/key-set.ts';
import { holdsValue, initStage } from '#lib/ops/init-stage.ts';
import { fileSecretStore } from '#lib/ops/secret-store.ts';
import { secretIdOf } from '#lib/ops/stage-secrets.ts';

const run = promisify(execFile);
const env = { ...process.env, LOG_LEVEL: 'SILENT' };

/** A secrets folder as CloudFormation leaves a new stage: every secret holds a random placeholder. */
function freshStageSecrets(stage: 'staging' | 'production' = 'staging'): string {
  const dir = mkdtempSync(join(tmpdir(), 'plaque-secrets-'));
  mkdirSync(join(dir, `PlaqueApi-${stage}`));
  for (const role of ['jwtKeys', 'walletMnemonic', 'chainSigner'] as const) {
    writeFileSync(join(dir, secretIdOf(stage, role)), 'Zq8#placeholder-from-cloudformation-Xv2');
  }
  return dir;
}

const secretText = (dir: string, role: 'jwtKeys' | 'walletMnemonic' | 'chainSigner') =>
  readFileSync(join(dir, secretIdOf('staging', role)), 'utf8');

describe('initStage', () => {
  it('fills every placeholder: a key set, a 24-word mnemonic and the signer key it was given', async () => {
    const dir = freshStageSecrets();
    const key = generatePrivateKey();
    const outcomes = await initStage({ stage: 'staging', store: fileSecretStore(dir), signerKey: { kind: 'given', text: `${key}\n` } });
    expect(outcomes.map((o) => [o.secretId, o.outcome])).toEqual([
      ['PlaqueApi-staging/jwt-signing-keys', 'written'],
      ['PlaqueApi-staging/wallet-mnemonic', 'written'],
      ['PlaqueApi-staging/chain-signer-key', 'written'],
    ]);
    expect(parseKeySet(secretText(dir, 'jwtKeys'))).not.toBeNull();
    expect(secretText(dir, 'walletMnemonic').split(' ')).toHaveLength(24);
    expect(holdsValue('walletMnemonic', secretText(dir, 'walletMnemonic'))).toBe(true);
    expect(secretText(dir, 'chainSigner')).toBe(key);
    expect(outcomes[2]!.note).toContain(privateKeyToAccount(key).address);
  });

  it('keeps filled secrets, refuses a new signer key without --force, and replaces them with it', async () => {
    const dir = freshStageSecrets();
    const store = fileSecretStore(dir);
    await initStage({ stage: 'staging', store, signerKey: { kind: 'generate' } });
    const before = ['jwtKeys', 'walletMnemonic', 'chainSigner'].map((r) => secretText(dir, r as never));

    const again = await initStage({ stage: 'staging', store, signerKey: { kind: 'given', text: generatePrivateKey() } });
    expect(again.map((o) => o.outcome)).toEqual(['kept', 'kept', 'refused']);
    expect(['jwtKeys', 'walletMnemonic', 'chainSigner'].map((r) => secretText(dir, r as never))).toEqual(before);

    const forced = await initStage({ stage: 'staging', store, signerKey: { kind: 'generate' }, force: true, only: ['chainSigner'] });
    expect(forced.map((o) => [o.role, o.outcome])).toEqual([['chainSigner', 'written']]);
    expect(secretText(dir, 'chainSigner')).not.toBe(before[2]);
    expect(secretText(dir, 'jwtKeys')).toBe(before[0]);
  });

  it('reports the signer as missing when no key is given, and refuses text that is not a key', async () => {
    const dir = freshStageSecrets();
    const store = fileSecretStore(dir);
    expect((await initStage({ stage: 'staging', store, signerKey: { kind: 'none' } }))[2]).toMatchObject({ outcome: 'missing' });
    expect((await initStage({ stage: 'staging', store, signerKey: { kind: 'given', text: 'hunter2' } }))[2]).toMatchObject({
      outcome: 'refused',
      note: expect.stringContaining('not a 32-byte hex private key'),
    });
    expect(holdsValue('chainSigner', secretText(dir, 'chainSigner'))).toBe(false);
  });

  it('says the stage must be deployed first when its secrets do not exist', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'plaque-secrets-'));
    await expect(initStage({ stage: 'production', store: fileSecretStore(empty), signerKey: { kind: 'none' } })).rejects.toThrow(
      /secret PlaqueApi-production\/jwt-signing-keys does not exist .*npm run ops -- deploy --stage/,
    );
  });
});

describe('npm run ops -- init-stage / rotate-jwt-key', () => {
  it('reads the signer key from stdin, exits 1 while a secret is left unfilled, and rotates the key set it wrote', async () => {
    const dir = freshStageSecrets();
    const key = generatePrivateKey();
    const child = run(process.execPath, [...OPS_CLI, 'init-stage', '--stage', 'staging', '--secrets-dir', dir, '--signer-key-file', '-'], {
      env,
    });
    child.child.stdin!.end(`${key}\n`);
    const { stdout } = await child;
    expect(stdout).toContain('PlaqueApi-staging/chain-signer-key: written');
    expect(stdout).not.toContain(key.slice(2));
    expect(secretText(dir, 'chainSigner')).toBe(key);

    const refused = await run(
      process.execPath,
      [...OPS_CLI, 'init-stage', '--stage', 'staging', '--secrets-dir', dir, '--generate-signer-key'],
      {
        env,
      },
    ).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('not filled: PlaqueApi-staging/chain-signer-key') });

    const firstKid = parseKeySet(secretText(dir, 'jwtKeys'))!.current.kid;
    const rotated = await run(process.execPath, [...OPS_CLI, 'rotate-jwt-key', '--stage', 'staging', '--secrets-dir', dir], { env });
    expect(rotated.stdout).toContain(`previous ${firstKid}`);
    expect(parseKeySet(secretText(dir, 'jwtKeys'))!.previous!.kid).toBe(firstKid);
  }, 120_000);

  it('lays out the placeholder secrets in an empty or missing folder (a rehearsal), says so, and fills them', async () => {
    for (const dir of [mkdtempSync(join(tmpdir(), 'plaque-secrets-')), join(mkdtempSync(join(tmpdir(), 'plaque-secrets-')), 'new')]) {
      const { stdout } = await run(
        process.execPath,
        [...OPS_CLI, 'init-stage', '--stage', 'staging', '--secrets-dir', dir, '--generate-signer-key'],
        {
          env,
        },
      );
      expect(stdout).toContain(`Created the placeholder secrets of staging in ${dir}`);
      expect(stdout.match(/: written/g)).toHaveLength(3);
      expect(holdsValue('chainSigner', secretText(dir, 'chainSigner'))).toBe(true);
      // A second stage goes beside the first; the first is kept as it is.
      const again = await run(process.execPath, [...OPS_CLI, 'init-stage', '--stage', 'production', '--secrets-dir', dir], { env }).catch(
        (e: { stdout: string }) => e,
      );
      expect(again.stdout).toContain('Created the placeholder secrets of production');
      expect(holdsValue('chainSigner', secretText(dir, 'chainSigner'))).toBe(true);
    }
  }, 120_000);

  it('refuses a folder that is not a secrets folder, writing nothing in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaque-not-secrets-'));
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const failed = await run(
      process.execPath,
      [...OPS_CLI, 'init-stage', '--stage', 'staging', '--secrets-dir', dir, '--generate-signer-key'],
      {
        env,
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining(`${dir} is not a secrets folder: it holds notes.txt`) });
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  }, 60_000);

  it('never takes the key as an argument', async () => {
    const failed = await run(process.execPath, [...OPS_CLI, 'init-stage', '--stage', 'staging', '--signer-key', generatePrivateKey()], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("unknown option '--signer-key'") });
  });

  it('says what to set, before any work, when there are no AWS credentials', async () => {
    // No credentials anywhere: no variables, an empty home (no ~/.aws), no instance metadata service.
    const bare = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
    const noAws = { ...bare, HOME: mkdtempSync(join(tmpdir(), 'plaque-home-')), AWS_EC2_METADATA_DISABLED: 'true', LOG_LEVEL: 'SILENT' };
    for (const args of [
      ['rotate-jwt-key', '--stage', 'staging', '--region', 'eu-west-1'],
      ['--region', 'eu-west-1', '--table', 'PlaqueApi-staging-Table', 'deliveries'],
    ]) {
      const failed = await run(process.execPath, [...OPS_CLI, ...args], { env: noAws }).catch((e: { code: number; stderr: string }) => e);
      expect(failed, args.join(' ')).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^No AWS credentials to .*: set AWS_PROFILE .* or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/),
      });
    }
  }, 60_000);
});
