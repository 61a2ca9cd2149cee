// Suite: DEPLOY.md's table of the stack outputs lists exactly the outputs each stage's stack defines (those of a
// custom domain are checked where a stage with one is synthesized, test/infra/custom-domain.test.ts).
import { describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { stageNames } from '../../infra/stages.ts';
import { documentedOutputs } from './documented-outputs.ts';
import { synthStage } from './synth.ts';

describe.each(stageNames)('%s stack outputs', (stageName) => {
  it("are the ones DEPLOY.md's table lists, the custom domain's aside", () => {
    const { stack } = synthStage(stageName);
    const defined = Object.keys(Template.fromStack(stack).findOutputs('*'));
    const listed = documentedOutputs().filter((output) => !output.customDomainOnly);
    expect(listed.length).toBeGreaterThan(10);
    expect(defined.sort()).toEqual(listed.map((output) => output.name).sort());
  });
});
