// Configuration sections: each parses only its own variables, applies its defaults, and names what is wrong.
import { describe, expect, it } from 'vitest';
import {
  chainConfig,
  coreConfig,
  deliveryConfig,
  keyQuotaConfig,
  listingConfig,
  localConfig,
  moneyConfig,
  servicesConfig,
  tokenConfig,
} from '#lib/config.ts';

describe('configuration sections', () => {
  it('fills the local defaults when nothing is set', () => {
    expect(coreConfig.parse({})).toEqual({
      TABLE_NAME: 'plaques',
      AWS_REGION: 'us-east-1',
      DATA_DIR: '.data',
      LOG_LEVEL: 'INFO',
    });
    expect(chainConfig.parse({ CHAIN_ID: '10' }).CHAIN_ID).toBe(10);
  });

  it('names every wrong variable of the section, and only those', () => {
    expect(() => coreConfig.parse({ TABLE_NAME: 'ab', LOG_LEVEL: 'LOUD', PORT: 'eighty' })).toThrow(
      'Invalid or missing environment variable(s): TABLE_NAME, LOG_LEVEL',
    );
    expect(() => localConfig.parse({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => listingConfig.parse({ CATALOG_STALENESS_MS: '90000' })).toThrow(/CATALOG_STALENESS_MS/);
    expect(() => chainConfig.parse({ CONTRACT_ADDRESS: '0x12', CHAIN_RPC_URL: 'not a url' })).toThrow(/CHAIN_RPC_URL, CONTRACT_ADDRESS/);
  });

  it('does not judge the variables of other sections', () => {
    const env = { CHAIN_ID: 'minus one', LOG_LEVEL: 'LOUD', JWT_ISSUER: 'https://api.example.com' };
    expect(tokenConfig.parse(env)).toMatchObject({ JWT_ISSUER: 'https://api.example.com', JWT_AUDIENCE: 'plaque-api' });
  });

  it('refuses secrets of the services that are not ARNs and an empty usage plan id', () => {
    expect(() => servicesConfig.parse({ WALLET_MNEMONIC_SECRET_ARN: 'mnemonic', API_KEY_USAGE_PLAN_ID: '' })).toThrow(
      /WALLET_MNEMONIC_SECRET_ARN, API_KEY_USAGE_PLAN_ID/,
    );
  });

  it('reads numbers as whole numbers within their bounds, and a blank number as wrong', () => {
    expect(localConfig.parse({ PORT: ' 8080 ' }).PORT).toBe(8080);
    for (const wrong of ['', '  ', '1.5', '1e400', 'NaN', '9007199254740993']) {
      expect(() => localConfig.parse({ PORT: wrong }), JSON.stringify(wrong)).toThrow(/PORT/);
    }
    expect(listingConfig.parse({ CATALOG_STALENESS_MS: '0' }).CATALOG_STALENESS_MS).toBe(0);
    expect(listingConfig.parse({ CATALOG_STALENESS_MS: '60000' }).CATALOG_STALENESS_MS).toBe(60_000);
    expect(() => listingConfig.parse({ CATALOG_STALENESS_MS: '-1' })).toThrow(/CATALOG_STALENESS_MS/);
    expect(() => chainConfig.parse({ CHAIN_ID: '0' })).toThrow(/CHAIN_ID/);
    expect(moneyConfig.parse({}).COMMISSION_DEFAULT_BPS).toBe(1000);
    expect(moneyConfig.parse({ COMMISSION_DEFAULT_BPS: '0' }).COMMISSION_DEFAULT_BPS).toBe(0);
    expect(() => moneyConfig.parse({ COMMISSION_DEFAULT_BPS: '10001' })).toThrow(/COMMISSION_DEFAULT_BPS/);
    expect(keyQuotaConfig.parse({}).API_KEY_QUOTA_PER_DAY).toBe(10_000);
    expect(keyQuotaConfig.parse({ API_KEY_QUOTA_PER_DAY: '5000' }).API_KEY_QUOTA_PER_DAY).toBe(5000);
    expect(() => keyQuotaConfig.parse({ API_KEY_QUOTA_PER_DAY: '0' })).toThrow(/API_KEY_QUOTA_PER_DAY/);
    expect(deliveryConfig.parse({}).DELIVERY_BATCH_TOKENS).toBe(50);
    expect(deliveryConfig.parse({ DELIVERY_BATCH_TOKENS: '1' }).DELIVERY_BATCH_TOKENS).toBe(1);
    for (const wrong of ['0', '51']) expect(() => deliveryConfig.parse({ DELIVERY_BATCH_TOKENS: wrong })).toThrow(/DELIVERY_BATCH_TOKENS/);
  });

  it('reads the other kinds of variable: lists, URLs, ARNs, patterns and least lengths', () => {
    expect(coreConfig.parse({ LOG_LEVEL: 'DEBUG', TABLE_NAME: 'abc' })).toMatchObject({ LOG_LEVEL: 'DEBUG', TABLE_NAME: 'abc' });
    expect(() => coreConfig.parse({ LOG_LEVEL: 'debug' })).toThrow(/LOG_LEVEL/);
    const chain = chainConfig.parse({
      CHAIN_RPC_URL: 'https://rpc.example.com/v1',
      CONTRACT_ADDRESS: `0x${'aB'.repeat(20)}`,
      CHAIN_SIGNER_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:s',
      CHAIN_CONFIRMATIONS: 'finalized',
    });
    expect(chain).toMatchObject({ CHAIN_RPC_URL: 'https://rpc.example.com/v1', CHAIN_CONFIRMATIONS: 'finalized', CHAIN_ID: 31337 });
    expect(() => chainConfig.parse({ CHAIN_CONFIRMATIONS: '12345', CHAIN_SIGNER_SECRET_ARN: 'secret' })).toThrow(
      /CHAIN_SIGNER_SECRET_ARN, CHAIN_CONFIRMATIONS/,
    );
    expect(() => listingConfig.parse({ CATALOG_SNAPSHOT_BUCKET: 'ab' })).toThrow(/CATALOG_SNAPSHOT_BUCKET/);
    expect(() => localConfig.parse({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it('parses a section once per process', () => {
    expect(coreConfig()).toBe(coreConfig());
  });
});
