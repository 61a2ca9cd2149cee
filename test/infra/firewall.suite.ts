// Suite: the web ACL's protection beyond the payload limit: rate limits per client IP (the whole API, and tighter on
// sign-in) answering 429 problem+json with Retry-After, AWS's managed rule groups for APIs, and WAF logging.
import { describe, expect, it } from 'vitest';
import { problemType } from '#lib/http/problem.ts';
import { RATE_LIMIT_RETRY_AFTER_SECONDS, SIGN_IN_PATHS } from '../../infra/firewall-rules.ts';
import { stages } from '../../infra/stages.ts';
import { logicalIdOf, resourcesOf, synthStage } from './synth.ts';

describe.each(['staging', 'production'] as const)('the %s firewall', (stageName) => {
  const acl = () => Object.values(resourcesOf(synthStage(stageName).template, 'AWS::WAFv2::WebACL'))[0]!.Properties!;
  const rule = (name: string) => (acl()['Rules'] as Array<Record<string, any>>).find((r) => r['Name'] === name)!;

  it('keeps one web ACL: the payload limit first, then the rate limits, then the managed rule groups', () => {
    expect(Object.keys(resourcesOf(synthStage(stageName).template, 'AWS::WAFv2::WebACL'))).toHaveLength(1);
    expect((acl()['Rules'] as Array<Record<string, any>>).map((r) => [r['Priority'], r['Name']])).toEqual([
      [0, 'PayloadTooLarge'],
      [1, 'RatePerClientIp'],
      [2, 'SignInRatePerClientIp'],
      [10, 'AwsCommonRules'],
      [11, 'AwsKnownBadInputs'],
    ]);
  });

  it('limits each client IP by the stage settings, sign-in paths apart, with 429 problem+json and Retry-After', () => {
    const { firewall } = stages[stageName];
    const { stack } = synthStage(stageName);
    expect(rule('RatePerClientIp')['Statement']).toEqual({
      RateBasedStatement: { Limit: firewall.ratePerIpPer5Minutes, AggregateKeyType: 'IP', EvaluationWindowSec: 300 },
    });
    const signIn = rule('SignInRatePerClientIp')['Statement'].RateBasedStatement;
    expect(signIn).toMatchObject({ Limit: firewall.signInRatePerIpPer5Minutes, AggregateKeyType: 'IP' });
    expect(
      signIn.ScopeDownStatement.OrStatement.Statements.map((s: any) => [
        s.ByteMatchStatement.SearchString,
        s.ByteMatchStatement.FieldToMatch,
      ]),
    ).toEqual(SIGN_IN_PATHS.map((path) => [path, { UriPath: {} }]));
    expect(firewall.signInRatePerIpPer5Minutes).toBeLessThan(firewall.ratePerIpPer5Minutes);
    for (const name of ['RatePerClientIp', 'SignInRatePerClientIp']) {
      const response = rule(name)['Action'].Block.CustomResponse;
      expect(response.ResponseCode).toBe(429);
      expect(response.ResponseHeaders).toContainEqual({ Name: 'retry-after', Value: String(RATE_LIMIT_RETRY_AFTER_SECONDS) });
      expect(response.ResponseHeaders).toContainEqual({ Name: 'x-content-type-options', Value: 'nosniff' });
      // The dashboard, the stage's one browser origin, can read the answer.
      expect(response.ResponseHeaders).toContainEqual({
        Name: 'access-control-allow-origin',
        Value: stack.resolve(stack.dashboard.origin),
      });
      expect(JSON.parse(acl()['CustomResponseBodies'][response.CustomResponseBodyKey].Content)).toMatchObject({
        type: problemType('TOO_MANY_REQUESTS'),
        status: 429,
        code: 'TOO_MANY_REQUESTS',
      });
    }
  });

  it('applies the core rule set (not to multipart uploads, body size counted only) and the known-bad-inputs group', () => {
    const common = rule('AwsCommonRules');
    expect(common['OverrideAction']).toEqual({ None: {} });
    expect(common['Statement'].ManagedRuleGroupStatement).toMatchObject({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
    });
    expect(common['Statement'].ManagedRuleGroupStatement.ScopeDownStatement.NotStatement.Statement.ByteMatchStatement).toMatchObject({
      SearchString: 'multipart/form-data',
      FieldToMatch: { SingleHeader: { Name: 'content-type' } },
      PositionalConstraint: 'STARTS_WITH',
    });
    expect(rule('AwsKnownBadInputs')['Statement']).toEqual({
      ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
    });
  });

  it('logs to an aws-waf-logs- group with the stage retention, credentials redacted', () => {
    const { stack, template } = synthStage(stageName);
    const group = resourcesOf(template, 'AWS::Logs::LogGroup')[logicalIdOf(stack.node.findChild('PayloadLimit').node.findChild('Logs'))]!;
    expect(group.Properties!['LogGroupName']).toBe(`aws-waf-logs-${stages[stageName].stackName}`);
    expect(group.Properties!['RetentionInDays']).toBe(stages[stageName].logRetention);
    const logging = Object.values(resourcesOf(template, 'AWS::WAFv2::LoggingConfiguration'));
    expect(logging).toHaveLength(1);
    const props = logging[0]!.Properties!;
    expect(props['ResourceArn']).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack.node.findChild('PayloadLimit').node.findChild('WebAcl')), 'Arn'],
    });
    expect(JSON.stringify(props['LogDestinationConfigs'])).toContain(`log-group:aws-waf-logs-${stages[stageName].stackName}`);
    expect(props['RedactedFields']).toEqual([{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'x-api-key' } }]);
  });
});
