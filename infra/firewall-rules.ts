// The web ACL's rules beyond the payload limit: a rate limit per client IP over the whole API, a tighter one on the
// sign-in paths (code requests, code evaluation, password login), and AWS's managed rule groups that fit an API
// (the core rule set and known bad inputs). Rate limits answer 429 problem+json with Retry-After.
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { NO_SNIFF, problemType } from '#lib/http/problem.ts';
import type { StageConfig } from './stages.ts';

const RATE_KEY = 'tooManyRequests';

/** Seconds a client told to slow down is asked to wait (WAF's headers are static; its window is 5 minutes). */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;

const tooManyRequestsProblem = {
  type: problemType('TOO_MANY_REQUESTS'),
  title: 'Too many requests',
  status: 429,
  code: 'TOO_MANY_REQUESTS',
  detail: 'this client sent too many requests; slow down and try again later',
};

export const FIREWALL_RESPONSE_BODIES: Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> = {
  [RATE_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(tooManyRequestsProblem) },
};

/** The sign-in paths: matched anywhere in the URI, so both `/v1/auth/…` (stage URL) and `/auth/…` (custom domain). */
export const SIGN_IN_PATHS = ['/auth/email-verification-code', '/auth/evaluate-email-verification-code', '/auth/login'];

interface FirewallRuleOptions {
  firewall: StageConfig['firewall'];
  /** The stage's one browser origin (its dashboard): WAF's answers carry it so the page can read them. */
  corsOrigin: string;
  metricPrefix: string;
}

export function firewallRules({ firewall, corsOrigin, metricPrefix }: FirewallRuleOptions): wafv2.CfnWebACL.RuleProperty[] {
  const visibility = (name: string) => ({
    cloudWatchMetricsEnabled: true,
    metricName: `${metricPrefix}${name}`,
    sampledRequestsEnabled: true,
  });
  const rateBlock = {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: RATE_KEY,
        responseHeaders: [
          { name: 'retry-after', value: String(RATE_LIMIT_RETRY_AFTER_SECONDS) },
          { name: 'access-control-allow-origin', value: corsOrigin },
          ...Object.entries(NO_SNIFF).map(([name, value]) => ({ name, value })),
        ],
      },
    },
  };
  const pathContains = (path: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      searchString: path,
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'CONTAINS',
      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
    },
  });
  return [
    {
      name: 'RatePerClientIp',
      priority: 1,
      statement: { rateBasedStatement: { limit: firewall.ratePerIpPer5Minutes, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
      action: rateBlock,
      visibilityConfig: visibility('RatePerClientIp'),
    },
    {
      name: 'SignInRatePerClientIp',
      priority: 2,
      statement: {
        rateBasedStatement: {
          limit: firewall.signInRatePerIpPer5Minutes,
          aggregateKeyType: 'IP',
          evaluationWindowSec: 300,
          scopeDownStatement: { orStatement: { statements: SIGN_IN_PATHS.map(pathContains) } },
        },
      },
      action: rateBlock,
      visibilityConfig: visibility('SignInRatePerClientIp'),
    },
    {
      name: 'AwsCommonRules',
      priority: 10,
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: 'AWSManagedRulesCommonRuleSet',
          // Profile uploads are multipart bodies of up to 4 MiB of image bytes: the 8 KB body size rule would refuse
          // every one, and the body pattern rules read binary data; the handler checks those uploads by content.
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
          scopeDownStatement: {
            notStatement: {
              statement: {
                byteMatchStatement: {
                  searchString: 'multipart/form-data',
                  fieldToMatch: { singleHeader: { Name: 'content-type' } },
                  positionalConstraint: 'STARTS_WITH',
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
        },
      },
      overrideAction: { none: {} },
      visibilityConfig: visibility('AwsCommonRules'),
    },
    {
      name: 'AwsKnownBadInputs',
      priority: 11,
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
      overrideAction: { none: {} },
      visibilityConfig: visibility('AwsKnownBadInputs'),
    },
  ];
}
