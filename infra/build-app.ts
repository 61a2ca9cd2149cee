// Builds the CDK app: one stack per stage (both by default, one with `-c stage=<name>`), checked by cdk-nag.
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PlaqueApiStack } from './plaque-api-stack.ts';
import { isStageName, stageNames, stages, type StageName } from './stages.ts';

/** The stages a synth builds: `-c stage=staging` selects one, so `cdk deploy -c stage=staging` deploys only it. */
export function selectedStages(app: App): StageName[] {
  const selected: unknown = app.node.tryGetContext('stage');
  if (selected === undefined) return stageNames;
  if (!isStageName(selected)) {
    throw new Error(`unknown stage ${JSON.stringify(selected)}: use -c stage=${stageNames.join('|')}`);
  }
  return [selected];
}

export function buildApp(app: App): PlaqueApiStack[] {
  const stacks = selectedStages(app).map((name) => {
    const stage = stages[name];
    return new PlaqueApiStack(app, stage.stackName, {
      stage,
      stackName: stage.stackName,
      description: `Plaque Marketplace API (${name})`,
      // Undefined account/region keep the stack environment-agnostic, so synth needs no AWS access.
      env: {
        account: stage.account ?? process.env['CDK_DEFAULT_ACCOUNT'],
        region: stage.region ?? process.env['CDK_DEFAULT_REGION'],
      },
      tags: { service: 'plaque-api', stage: name },
    });
  });
  // Security and well-architected checks on every synth; `-c nag=false` skips them for a quick look.
  if (app.node.tryGetContext('nag') !== 'false' && app.node.tryGetContext('nag') !== false) {
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  }
  return stacks;
}
