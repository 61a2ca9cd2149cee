// Suite: the partner dashboard's hosting in the synthesized templates: a private bucket behind a distribution of its
// own, the page's policy naming the stage's API, the page and a config.json deployed by the stack, and the API's
// functions allowing exactly the dashboard's origin (the public reads' any origin).
import { describe, expect, it } from 'vitest';
import { readableByAnyOrigin } from '#lib/http/cors.ts';
import { AUTHORIZER_HANDLER, DELIVERY_WORKER_HANDLER, handlerModules, routes } from '#lib/http/routes.ts';
import { dashboardContentSecurityPolicy } from '#lib/partner/dashboard-page.ts';
import { ASSETS_CACHE_CONTROL, DASHBOARD_PATHS_FUNCTION, PAGE_CACHE_CONTROL } from '../../infra/dashboard.ts';
import { stageNames } from '../../infra/stages.ts';
import { functionsByModule, logicalIdOf, resourcesOf, synthStage } from './synth.ts';

describe.each(stageNames)('the %s dashboard', (stageName) => {
  const { template, stack } = synthStage(stageName);
  const site = stack.dashboard;
  const distribution = resourcesOf(template, 'AWS::CloudFront::Distribution')[logicalIdOf(site.distribution)]!.Properties![
    'DistributionConfig'
  ];
  const behavior = distribution['DefaultCacheBehavior'];
  const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'))
    .map((r) => r.Properties!)
    .filter((d) => d['DestinationBucketName'].Ref === logicalIdOf(site.bucket));

  it('is served from a private, encrypted, TLS-only bucket through origin access control, over HTTPS only', () => {
    const bucket = resourcesOf(template, 'AWS::S3::Bucket')[logicalIdOf(site.bucket)]!.Properties!;
    expect(bucket['PublicAccessBlockConfiguration']).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket['BucketEncryption']).toBeDefined();
    expect(distribution['Origins']).toHaveLength(1);
    expect(distribution['Origins'][0]['OriginAccessControlId']).toBeDefined();
    expect(JSON.stringify(distribution['Origins'][0]['DomainName'])).toContain(logicalIdOf(site.bucket));
    expect(behavior['ViewerProtocolPolicy']).toBe('redirect-to-https');
    expect(behavior['AllowedMethods']).toEqual(['GET', 'HEAD']);
  });

  it("is a distribution of its own, not the images' (uploads never share the page's origin)", () => {
    expect(Object.keys(resourcesOf(template, 'AWS::CloudFront::Distribution'))).toHaveLength(2);
    const media = stack.node.findChild('Media').node.findChild('Cdn');
    expect(logicalIdOf(media)).not.toBe(logicalIdOf(site.distribution));
  });

  it("sends the page's Content-Security-Policy, allowing calls to the stage's API and nothing else", () => {
    const policyId = behavior['ResponseHeadersPolicyId']['Ref'];
    const policy = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[policyId]!.Properties!['ResponseHeadersPolicyConfig'];
    const security = policy['SecurityHeadersConfig'];
    const apiId = logicalIdOf(stack.httpApi.api);
    const csp = stack.resolve(
      dashboardContentSecurityPolicy(`https://${stack.httpApi.api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`),
    );
    expect(security['ContentSecurityPolicy']).toEqual({ ContentSecurityPolicy: csp, Override: true });
    expect(JSON.stringify(csp)).toContain(`{"Ref":"${apiId}"}`);
    const text = JSON.stringify(csp);
    expect(text).toContain("script-src 'self'");
    expect(text).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(security['FrameOptions']).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security['ContentTypeOptions']).toEqual({ Override: true });
    expect(security['StrictTransportSecurity']).toMatchObject({ IncludeSubdomains: true, Override: true });
  });

  it('answers /dashboard/ with its index.html and leads / and /dashboard there, with a viewer-request function', () => {
    const [association] = behavior['FunctionAssociations'];
    expect(association['EventType']).toBe('viewer-request');
    const fn = resourcesOf(template, 'AWS::CloudFront::Function')[association['FunctionARN']['Fn::GetAtt'][0]]!.Properties!;
    expect(fn['FunctionCode']).toBe(DASHBOARD_PATHS_FUNCTION);
    expect(fn['FunctionConfig']['Runtime']).toBe('cloudfront-js-2.0');
  });

  it('deploys the hashed assets cached for good and kept across deploys, then the page and config.json revalidated', () => {
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d['Prune'] === false)!;
    const page = deployments.find((d) => d !== assets)!;
    for (const deployment of [assets, page]) {
      expect(deployment['DestinationBucketName']).toEqual({ Ref: logicalIdOf(site.bucket) });
      expect(deployment['DestinationBucketKeyPrefix']).toBe('dashboard/');
    }
    expect(assets).toMatchObject({ Exclude: ['*'], Include: ['assets/*'], SystemMetadata: { 'cache-control': ASSETS_CACHE_CONTROL } });
    expect(page).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': PAGE_CACHE_CONTROL },
      DistributionPaths: ['/dashboard/*'],
    });
    expect(page['DistributionId']).toEqual({ Ref: logicalIdOf(site.distribution) });
    expect(page['SourceObjectKeys']).toHaveLength(2);
  });

  it("writes config.json naming the stage's API URL", () => {
    const page = deployments.find((d) => d['Prune'] !== false)!;
    // Source.jsonData puts deploy-time values in as markers the deployment substitutes.
    const markers = JSON.stringify(page['SourceMarkers']);
    expect(markers).toContain(`"Ref":"${logicalIdOf(stack.httpApi.api)}"`);
    expect(markers).toContain(`"Ref":"${logicalIdOf(stack.httpApi.api.deploymentStage)}"`);
  });

  it("gives every HTTP function the dashboard's origin for CORS (public reads any), and the authorizer and the worker none", () => {
    const functions = functionsByModule(template);
    const origin = stack.resolve(site.origin);
    const publicReads = new Set<string>(routes.filter(readableByAnyOrigin).map((route) => route.handler));
    for (const module of handlerModules()) {
      const expected = publicReads.has(module) ? '*' : origin;
      expect(functions.get(module)!.properties['Environment'].Variables['CORS_ALLOW_ORIGINS'], module).toEqual(expected);
    }
    for (const module of [AUTHORIZER_HANDLER, DELIVERY_WORKER_HANDLER]) {
      expect(functions.get(module)!.properties['Environment'].Variables['CORS_ALLOW_ORIGINS'], module).toBeUndefined();
    }
  });

  it('names the page in the stack outputs', () => {
    template.hasOutput('DashboardUrl', { Value: stack.resolve(site.url) });
  });
});

describe('the dashboard paths function', () => {
  const handler = new Function(`${DASHBOARD_PATHS_FUNCTION}; return handler;`)() as (event: { request: { uri: string } }) => any;
  const request = (uri: string) => handler({ request: { uri } });

  it('redirects / and /dashboard to /dashboard/', () => {
    for (const uri of ['/', '/dashboard']) {
      expect(request(uri)).toEqual({
        statusCode: 308,
        statusDescription: 'Permanent Redirect',
        headers: { location: { value: '/dashboard/' } },
      });
    }
  });

  it('serves index.html for a folder, and files as they are', () => {
    expect(request('/dashboard/')).toEqual({ uri: '/dashboard/index.html' });
    expect(request('/dashboard/assets/index-abc.js')).toEqual({ uri: '/dashboard/assets/index-abc.js' });
    expect(request('/dashboard/config.json')).toEqual({ uri: '/dashboard/config.json' });
  });
});
