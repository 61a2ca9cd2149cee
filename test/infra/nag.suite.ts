// Suite: cdk-nag (AwsSolutions pack) over both stages: no unacknowledged finding, and every acknowledgement explains itself.
import { describe, expect, it } from 'vitest';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { synthesizedApp } from './synth.ts';

/** Rules acknowledged somewhere in the stacks, each reviewed; a new one must be reviewed and added here. */
const REVIEWED_RULES = [
  'AwsSolutions-APIG2', // validation happens in the handlers (problem shape with per-field errors)
  'AwsSolutions-APIG4', // public routes, API-key routes, CORS preflights and 405 mocks
  'AwsSolutions-CFR1', // images are public worldwide
  'AwsSolutions-CFR2', // no WebACL on a static image cache
  'AwsSolutions-CFR4', // default CloudFront certificate until a custom domain is set
  'AwsSolutions-COG4', // own JWTs and API keys instead of Cognito
  'AwsSolutions-IAM4', // AWS's policy for API Gateway's logging role
  'AwsSolutions-IAM5', // X-Ray, ListStreams, table indexes, upload prefix, API keys by id
  'AwsSolutions-L1', // nodejs22.x is the deliberate target
  'AwsSolutions-S1', // the access-log bucket does not log into itself
  'AwsSolutions-SMG4', // secrets rotated by ops procedures, the mnemonic never
  'AwsSolutions-SQS3', // the DLQ is itself the dead-letter queue
];

function acknowledgements(root: IConstruct): Array<{ path: string; id: string; reason: unknown }> {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([qualifiedId, reason]) => ({
          path: construct.node.path,
          // Recorded as `Annotation::<rule id>`; cdk-nag reads the rule id.
          id: qualifiedId.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions checks', () => {
  // Both stages, as a bare `cdk synth` builds them, synthesized with the nag plugin registered as in the CLI.
  const { app, stacks } = synthesizedApp();

  it('passes synthesis with the plugin registered, as `npm run synth` does', () => {
    expect(stacks.map((s) => s.stackName).sort()).toEqual(['PlaqueApi-production', 'PlaqueApi-staging']);
  });

  it('reports no unacknowledged error and no unacknowledged warning in either stage', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);
    const findings = report.violations.map(
      (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a written reason', () => {
    const acks = acknowledgements(app).filter((a) => a.id.startsWith('AwsSolutions-'));
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(typeof ack.reason, `${ack.path} ${ack.id}`).toBe('string');
      expect((ack.reason as string).trim().length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(20);
    }
  });

  it('acknowledges only rules that were reviewed', () => {
    const rules = new Set(
      acknowledgements(app)
        .map((a) => a.id.replace(/\[.*$/, ''))
        .filter((id) => id.startsWith('AwsSolutions-')),
    );
    expect([...rules].sort()).toEqual([...REVIEWED_RULES].sort());
  });
});
