// The stage's one AWS WAF web ACL: 413 problem+json for requests too large for Lambda (this file's first rule), then
// the per-client rate limits and AWS's managed rule groups for APIs (infra/firewall-rules.ts), with WAF logging.
//
// API Gateway accepts bodies up to 10 MB, but Lambda refuses events over 6 MB and API Gateway turns that
// refusal into a bare 5xx. Gateway responses cannot tell that case apart, so the check happens in front of
// the stage: an AWS WAF web ACL blocks requests whose Content-Length exceeds what still fits in a Lambda
// event once base64-encoded, with a custom 413 response in the API's problem shape. (WAF inspects only the
// first kilobytes of a body, so it is the declared length, not the body, that is matched.)
import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { MAX_EVENT_BYTES } from '#lib/http/routes.ts';
import { NO_SNIFF, problemType } from '#lib/http/problem.ts';
import { firewallRules, FIREWALL_RESPONSE_BODIES } from './firewall-rules.ts';
import type { StageConfig } from './stages.ts';

/**
 * Room left in the event for everything but the body: headers (twice: `headers` and
 * `multiValueHeaders`, at most 10 KiB each in API Gateway), query, path and the request context.
 */
export const EVENT_ENVELOPE_ALLOWANCE = 64 * 1024;

/** Largest request body (bytes) whose base64 form plus the envelope still fits in one Lambda event. */
export const MAX_REQUEST_BODY_BYTES = Math.floor((MAX_EVENT_BYTES - EVENT_ENVELOPE_ALLOWANCE) / 4) * 3;

/**
 * A regular expression matching exactly the decimal integers greater than `limit` (leading zeros and
 * surrounding blanks allowed, as HTTP parsers allow them). WAF regexes are PCRE without capture groups.
 */
export function integerAbovePattern(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`limit must be a non-negative integer, got ${limit}`);
  const digits = String(limit);
  // Any number with more significant digits than the limit...
  const alternatives = [`[1-9][0-9]{${digits.length},}`];
  // ...or as many digits, equal up to position i and greater at i.
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    if (digit === 9) continue;
    const rest = digits.length - i - 1;
    const next = digit + 1 === 9 ? '9' : `[${digit + 1}-9]`;
    alternatives.push(`${digits.slice(0, i)}${next}${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  return `^\\s*0*(?:${alternatives.join('|')})\\s*$`;
}

const BODY_KEY = 'payloadTooLarge';

/** The WAF response body: the API's problem document (WAF can add no request id: the stage never saw it). */
const payloadTooLargeProblem = {
  type: problemType('PAYLOAD_TOO_LARGE'),
  title: 'Payload too large',
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  detail: `request bodies are limited to ${MAX_REQUEST_BODY_BYTES} bytes (Lambda's ${MAX_EVENT_BYTES}-byte event limit, base64 included)`,
};

export interface PayloadLimitProps {
  stage: apigateway.Stage;
  /** The stage's one browser origin (its dashboard): the 413 carries it so the page can read the body. */
  corsOrigin: string;
  /** The stage's configuration: rate limits, log retention. */
  config: StageConfig;
}

export class PayloadLimit extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, { stage, corsOrigin, config }: PayloadLimitProps) {
    super(scope, id);
    const metricPrefix = Stack.of(this).stackName.replace(/[^A-Za-z0-9]/g, '');

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: 'Refuses requests larger than a Lambda event can carry - 413, clients over their rate - 429, and known attack patterns',
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: `${metricPrefix}WebAcl`,
        sampledRequestsEnabled: true,
      },
      customResponseBodies: {
        // WAF sets the content type from this enum (no `application/problem+json` available) and allows no
        // content-type header override; the body is the problem document all the same.
        [BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(payloadTooLargeProblem) },
        ...FIREWALL_RESPONSE_BODIES,
      },
      rules: [
        {
          name: 'PayloadTooLarge',
          priority: 0,
          statement: {
            regexMatchStatement: {
              regexString: integerAbovePattern(MAX_REQUEST_BODY_BYTES),
              fieldToMatch: { singleHeader: { Name: 'content-length' } },
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          action: {
            block: {
              customResponse: {
                responseCode: 413,
                customResponseBodyKey: BODY_KEY,
                // Static headers only (WAF has no request variables): the one allowed origin.
                responseHeaders: [
                  { name: 'access-control-allow-origin', value: corsOrigin },
                  ...Object.entries(NO_SNIFF).map(([name, value]) => ({ name, value })),
                ],
              },
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: `${metricPrefix}PayloadTooLarge`,
            sampledRequestsEnabled: true,
          },
        },
        ...firewallRules({ firewall: config.firewall, corsOrigin, metricPrefix }),
      ],
    });

    // WAF logs: every request it blocked or counted (and a sample of the rest), without credentials. The group's
    // name must start with `aws-waf-logs-`.
    const logGroupName = `aws-waf-logs-${Stack.of(this).stackName}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the group's ARN without the `:*` suffix CDK's logGroupArn carries.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'x-api-key' } }],
    });
    logging.node.addDependency(this.logGroup);

    new wafv2.CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
