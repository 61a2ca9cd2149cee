// The stage contract record (infra/contracts.json) the CDK app reads: a stage's address only on the chain it uses.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_RECORD_FILE, readContractRecords, recordedContract, writeContractRecord } from '#lib/chain/contract-record.ts';

const aRecord = (chainId: number) => ({
  chainId,
  contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3' as const,
  txHash: `0x${'12'.repeat(32)}` as const,
  blockNumber: 7,
  admin: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
  minter: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
  deployedAt: '2026-01-01T00:00:00.000Z',
});

describe('the contract record', () => {
  it('gives a stage its checksummed contract, null before one is recorded, and keeps the other stages', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plaque-contracts-')), 'contracts.json');
    expect(recordedContract('staging', 11155111, file)).toBeNull();
    writeContractRecord('staging', aRecord(11155111), file);
    writeContractRecord('production', aRecord(1), file);
    expect(recordedContract('staging', 11155111, file)).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(Object.keys(readContractRecords(file))).toEqual(['production', 'staging']);
  });

  it('refuses a contract recorded on another chain than the stage uses', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plaque-contracts-')), 'contracts.json');
    writeContractRecord('staging', aRecord(31337), file);
    expect(() => recordedContract('staging', 11155111, file)).toThrow('deployed on chain 31337, but the stage uses chain 11155111');
  });

  it('is infra/contracts.json, which the stages read', () => {
    expect(CONTRACT_RECORD_FILE.endsWith(join('infra', 'contracts.json'))).toBe(true);
    expect(() => readContractRecords()).not.toThrow();
  });
});
