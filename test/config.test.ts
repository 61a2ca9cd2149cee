// Configuration sections: each parses only its own variables, applies its defaults, and names what is wrong.
import { describe, expect, it } from 'vitest';
import { chainConfig, coreConfig, listingConfig, localConfig, servicesConfig, tokenConfig } from '#lib/config.ts';

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

  it('parses a section once per process', () => {
    expect(coreConfig()).toBe(coreConfig());
  });
});
