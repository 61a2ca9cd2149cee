// A stage's optional custom domain: an ACM certificate (given, or made here and validated by DNS), the API Gateway
// regional domain name mapped to the API's stage at its root, and the DNS alias record when the stage names its
// Route 53 hosted zone (without one, the operator creates the record the DomainName output describes). The JWT
// issuer follows the domain: `https://<domain>`; a stage without one issues tokens as its stage URL.
import { Aws, CfnOutput } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';

/** The JWT issuer of a stage: its custom domain's URL, else its API stage URL (spelled without the stage resource). */
export function jwtIssuerOf(stage: StageConfig, api: apigateway.IRestApi): string {
  if (stage.domain) return `https://${stage.domain.name}`;
  return `https://${api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${stage.apiStageName}`;
}

export interface CustomDomainProps {
  domain: NonNullable<StageConfig['domain']>;
  api: apigateway.RestApi;
}

export class CustomDomain extends Construct {
  readonly domainName: apigateway.DomainName;

  constructor(scope: Construct, id: string, { domain, api }: CustomDomainProps) {
    super(scope, id);
    const zone = domain.hostedZone
      ? route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: domain.hostedZone.id, zoneName: domain.hostedZone.name })
      : undefined;
    const certificate = domain.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn)
      : new acm.Certificate(this, 'Certificate', {
          domainName: domain.name,
          // With the zone, CloudFormation writes the validation record itself; without, the operator adds the record
          // the certificate shows in ACM while the deploy waits.
          validation: acm.CertificateValidation.fromDns(zone),
        });
    this.domainName = new apigateway.DomainName(this, 'DomainName', {
      domainName: domain.name,
      certificate,
      endpointType: apigateway.EndpointType.REGIONAL,
      securityPolicy: apigateway.SecurityPolicy.TLS_1_2,
    });
    // At the root: https://<domain>/plaques/featured serves what <stage URL>/plaques/featured does.
    this.domainName.addBasePathMapping(api, { stage: api.deploymentStage });
    if (zone) {
      new route53.ARecord(this, 'Alias', {
        zone,
        recordName: domain.name,
        target: route53.RecordTarget.fromAlias(new targets.ApiGatewayDomain(this.domainName)),
      });
    }
    new CfnOutput(scope, 'CustomDomainUrl', { value: `https://${domain.name}/`, description: 'Base URL of the API on its custom domain' });
    new CfnOutput(scope, 'CustomDomainTarget', {
      value: this.domainName.domainNameAliasDomainName,
      description: `Where ${domain.name} must point (a CNAME or alias record) when no hosted zone is configured`,
    });
  }
}
