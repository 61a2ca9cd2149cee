// A stage that names frontend origins: its preflights answer them as well as the dashboard, every HTTP function names
// them to the answers' CORS headers, and gateway errors name the caller's origin. A malformed origin stops the synth.
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { handlerModules } from '#lib/http/routes.ts';
import { PlaqueApiStack } from '../../infra/plaque-api-stack.ts';
import { stages, type StageConfig } from '../../infra/stages.ts';
import { cdkJsonContext, functionsByModule, resourcesOf, stageTemplate } from './synth.ts';

const FRONTENDS = ['https://shop.example', 'https://staging.shop.example:8443'];

function synth(frontendOrigins: readonly string[]) {
  const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], nag: 'false' } });
  const stage: StageConfig = { ...stages.staging, stackName: 'PlaqueApi-frontends', frontendOrigins };
  const stack = new PlaqueApiStack(app, stage.stackName, {
    stage,
    stackName: stage.stackName,
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  return { stack, template: stageTemplate(stack) };
}

describe('frontend origins of a stage', () => {
  const { stack, template } = synth(FRONTENDS);
  const dashboardDomain = JSON.stringify(stack.resolve(stack.dashboard.origin)).match(/\{"Fn::GetAtt":\[[^\]]+\]\}/)![0];

  it('answer the preflights of every path, with the dashboard', () => {
    const preflights = Object.values(resourcesOf(template, 'AWS::ApiGateway::Method')).filter(
      (m) => m.Properties!.HttpMethod === 'OPTIONS',
    );
    expect(preflights.length).toBeGreaterThan(10);
    for (const preflight of preflights) {
      const response = JSON.stringify(preflight.Properties!.Integration.IntegrationResponses);
      for (const origin of FRONTENDS) expect(response).toContain(origin);
      // The dashboard's origin: its distribution's domain name, known at deploy time.
      expect(response).toContain(dashboardDomain);
    }
  });

  it('are given to every HTTP function after the dashboard, for the CORS headers of its answers', () => {
    const functions = functionsByModule(template);
    for (const module of handlerModules()) {
      const value = JSON.stringify(functions.get(module)!.properties['Environment'].Variables['CORS_ALLOW_ORIGINS']);
      expect(value, module).toContain(`,${FRONTENDS.join(',')}`);
    }
  });

  it("let gateway errors name the caller's origin", () => {
    const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses.length).toBeGreaterThan(3);
    for (const response of responses) {
      expect(response.Properties!.ResponseParameters['gatewayresponse.header.Access-Control-Allow-Origin']).toBe(
        'method.request.header.origin',
      );
    }
  });

  it.each(['http://shop.example', 'https://shop.example/', 'https://shop.example/app', 'https://Shop.example', '*'])(
    'stop the synth on %s, naming it',
    (origin) => {
      expect(() => synth([origin])).toThrow(`frontendOrigins holds ${JSON.stringify(origin)}`);
    },
  );
});
