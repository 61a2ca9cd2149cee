// The stage values an ops command stores on plaques: from the flags, the environment or (locally) the recorded
// deployment, checked, and each refused in one line naming the flag when it is needed and unknown.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { localContractRecordFile } from '#lib/chain/local-deployment.ts';
import { recordServedAddress, runtimeRecordFile } from '#lib/local/runtime-record.ts';
import { targetStage } from '#lib/ops/target.ts';
import { TEST_CONTRACT } from '../support/factories.ts';

const aws = { local: false, dataDir: '/nonexistent', describe: 'table T in eu-west-1' };
const local = (dataDir = mkdtempSync(join(tmpdir(), 'plaque-target-'))) => ({ local: true, dataDir, describe: 'table T at local' });

describe('targetStage', () => {
  it('takes the flags, checksumming the contract and building the placeholder URL', () => {
    const stage = targetStage({ contractAddress: TEST_CONTRACT.toLowerCase(), mediaBaseUrl: 'https://d1.cloudfront.net/' }, aws);
    expect(stage.contractAddress).toBe(TEST_CONTRACT);
    expect(stage.placeholderImage).toBe('https://d1.cloudfront.net/plaques/placeholder.png');
  });

  it('names the flag to pass for an AWS table, in one line, only when the value is read', () => {
    const stage = targetStage({}, aws);
    expect(() => stage.placeholderImage).toThrow(
      /^No media base URL for table T in eu-west-1: pass --media-base-url <url> \(the stack output MediaBaseUrl\) or set MEDIA_BASE_URL$/,
    );
    expect(() => stage.contractAddress).toThrow(/^No contract address for table T in eu-west-1: pass --contract-address <0x…>/);
  });

  it('refuses a malformed contract address or media URL', () => {
    expect(() => targetStage({ contractAddress: '0x1234' }, aws).contractAddress).toThrow(
      '--contract-address must be 0x and 40 hex digits',
    );
    expect(() => targetStage({ mediaBaseUrl: 'ftp://media' }, aws).placeholderImage).toThrow(
      '--media-base-url must be an http or https URL',
    );
  });

  it('locally uses the contract npm start deployed and the local server media URL', () => {
    const where = local();
    expect(() => targetStage({}, where).contractAddress).toThrow(/or run npm start once/);
    const record = localContractRecordFile(where.dataDir);
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(record, JSON.stringify({ chainId: 31337, contractAddress: TEST_CONTRACT, deployedAt: '2026-01-01T00:00:00.000Z' }));
    const stage = targetStage({}, where);
    expect(stage.contractAddress).toBe(TEST_CONTRACT);
  });

  it('takes local media URLs from the server that serves the folder, never from a default port', () => {
    const where = local();
    // Never served: no address to store, and the error names the ways to give one.
    expect(() => targetStage({}, where).placeholderImage).toThrow(/--media-base-url .* or start npm start on /);
    recordServedAddress(where.dataDir, 'http://127.0.0.1:4300');
    expect(targetStage({}, where).placeholderImage).toBe('http://127.0.0.1:4300/_media/plaques/placeholder.png');
    // A server running on the folder now wins over the address it was served on before.
    writeFileSync(
      runtimeRecordFile(where.dataDir),
      JSON.stringify({
        pid: process.pid,
        owner: 'npm start',
        startedAt: '',
        tableName: 'plaques',
        server: { url: 'http://127.0.0.1:4301', port: 4301 },
      }),
    );
    expect(targetStage({}, where).placeholderImage).toBe('http://127.0.0.1:4301/_media/plaques/placeholder.png');
  });
});
