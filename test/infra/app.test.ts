// The CDK app's stage selection: both stacks by default, one with `-c stage=<name>`.
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { selectedStages } from '../../infra/build-app.ts';
import { stages } from '../../infra/stages.ts';

describe('the CDK app', () => {
  it('builds both stages when no stage is selected, so `npm run synth` checks both', () => {
    expect(selectedStages(new App())).toEqual(['staging', 'production']);
  });

  it('builds only the selected stage for `cdk deploy -c stage=staging`', () => {
    expect(selectedStages(new App({ context: { stage: 'staging' } }))).toEqual(['staging']);
    expect(selectedStages(new App({ context: { stage: 'production' } }))).toEqual(['production']);
  });

  it('refuses an unknown stage with the valid names', () => {
    expect(() => selectedStages(new App({ context: { stage: 'prod' } }))).toThrow(/staging\|production/);
  });

  it('names each stage stack after the stage', () => {
    expect(stages.staging.stackName).toBe('PlaqueApi-staging');
    expect(stages.production.stackName).toBe('PlaqueApi-production');
  });

  it('retains data only in production', () => {
    expect(stages.production.retainData).toBe(true);
    expect(stages.staging.retainData).toBe(false);
  });
});
