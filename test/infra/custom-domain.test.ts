// A stage with a custom domain: certificate, API Gateway domain name mapped to the stage, DNS alias record when a
// hosted zone is configured; the JWT issuer follows the domain. Synthesized from the staging config with a domain.
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Template } from 'aws-cdk-lib/assertions';
import { AUTHORIZER_HANDLER } from '#lib/http/routes.ts';
import { PlaqueApiStack } from '../../infra/plaque-api-stack.ts';
import { stages, type StageConfig } from '../../infra/stages.ts';
import { documentedOutputs } from './documented-outputs.ts';
import { cdkJsonContext, functionsByModule, logicalIdOf, resourcesOf, stageTemplate } from './synth.ts';

function synth(domain: StageConfig['domain']): { stack: PlaqueApiStack; template: Template } {
  const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], nag: 'false' } });
  const stage: StageConfig = { ...stages.staging, stackName: 'PlaqueApi-domain', ...(domain && { domain }) };
  const stack = new PlaqueApiStack(app, 'PlaqueApi-domain', {
    stage,
    stackName: stage.stackName,
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  return { stack, template: stageTemplate(stack) };
}

describe('a custom domain', () => {
  const zone = { id: 'Z0123456789ABCDEFGHIJ', name: 'plaques.dev' };
  const withZone = synth({ name: 'api.staging.plaques.dev', hostedZone: zone });

  it('makes a DNS-validated certificate in the zone, a regional TLS 1.2 domain name mapped to the stage, and its alias record', () => {
    const { template, stack } = withZone;
    template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api.staging.plaques.dev',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'api.staging.plaques.dev', HostedZoneId: zone.id }],
    });
    const domains = Object.values(resourcesOf(template, 'AWS::ApiGateway::DomainName'));
    expect(domains).toHaveLength(1);
    expect(domains[0]!.Properties).toMatchObject({
      DomainName: 'api.staging.plaques.dev',
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
      RegionalCertificateArn: { Ref: expect.stringMatching(/^DomainCertificate/) },
    });
    const mapping = Object.values(resourcesOf(template, 'AWS::ApiGateway::BasePathMapping'))[0]!.Properties!;
    expect(mapping['RestApiId']).toEqual({ Ref: logicalIdOf(stack.httpApi.api) });
    expect(mapping['Stage']).toEqual({ Ref: logicalIdOf(stack.httpApi.api.deploymentStage) });
    expect(mapping['BasePath']).toBeUndefined();
    template.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'api.staging.plaques.dev.', Type: 'A', HostedZoneId: zone.id });
  });

  it('adds no cdk-nag finding', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(withZone.stack);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('issues tokens as https://<domain>', () => {
    const fns = functionsByModule(withZone.template);
    for (const module of [AUTHORIZER_HANDLER, 'functions/auth/verify-email.ts', 'functions/auth/login.ts']) {
      expect(fns.get(module)!.properties['Environment'].Variables['JWT_ISSUER'], module).toBe('https://api.staging.plaques.dev');
    }
  });

  it("adds the custom domain's outputs: with them, the outputs are all those DEPLOY.md's table lists", () => {
    const defined = Object.keys(Template.fromStack(withZone.stack).findOutputs('*'));
    expect(defined.sort()).toEqual(
      documentedOutputs()
        .map((output) => output.name)
        .sort(),
    );
  });

  it('uses a given certificate and writes no DNS record without a hosted zone', () => {
    const arn = 'arn:aws:acm:eu-west-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
    const { template } = synth({ name: 'api.example.org', certificateArn: arn });
    expect(Object.keys(resourcesOf(template, 'AWS::CertificateManager::Certificate'))).toEqual([]);
    template.hasResourceProperties('AWS::ApiGateway::DomainName', { DomainName: 'api.example.org', RegionalCertificateArn: arn });
    expect(Object.keys(resourcesOf(template, 'AWS::Route53::RecordSet'))).toEqual([]);
    expect(template.toJSON().Outputs['CustomDomainTarget']).toBeDefined();
  });

  it('is absent by default: no domain resources, and the issuer is the stage URL', () => {
    const { template } = synth(undefined);
    expect(Object.keys(resourcesOf(template, 'AWS::ApiGateway::DomainName'))).toEqual([]);
    const issuer = JSON.stringify(functionsByModule(template).get(AUTHORIZER_HANDLER)!.properties['Environment'].Variables['JWT_ISSUER']);
    expect(issuer).toContain('.execute-api.');
    expect(issuer).toContain(`/${stages.staging.apiStageName}`);
  });
});
