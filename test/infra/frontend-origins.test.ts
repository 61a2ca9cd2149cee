// A stage that names frontend origins: its preflights answer them as well as the dashboard, and every HTTP function but
// the public reads' (any origin) names them to the answers' CORS headers. A malformed origin stops the synth.
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { readableByAnyOrigin } from '#lib/http/cors.ts';
import { handlerModules, routes } from '#lib/http/routes.ts';
import { PlaqueApiStack } from '../../infra/plaque-api-stack.ts';
import { stages, type StageConfig } from '../../infra/stages.ts';
import { cdkJsonContext, functionsByModule, methods, stageTemplate } from './synth.ts';

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

  it('answer the preflights of every path but the public reads’ (any origin), with the dashboard', () => {
    const anyOrigin = new Set<string>(routes.filter(readableByAnyOrigin).map((route) => route.path));
    const preflights = methods(template).filter((m) => m.httpMethod === 'OPTIONS' && !anyOrigin.has(m.path));
    expect(preflights.length).toBeGreaterThan(10);
    for (const preflight of preflights) {
      const response = JSON.stringify(preflight.properties['Integration'].IntegrationResponses);
      for (const origin of FRONTENDS) expect(response).toContain(origin);
      // The dashboard's origin: its distribution's domain name, known at deploy time.
      expect(response).toContain(dashboardDomain);
    }
  });

  it('are given to every HTTP function after the dashboard, for the CORS headers of its answers; public reads get *', () => {
    const functions = functionsByModule(template);
    const publicReads = new Set<string>(routes.filter(readableByAnyOrigin).map((route) => route.handler));
    expect(publicReads.size).toBeGreaterThan(0);
    for (const module of handlerModules()) {
      const value = JSON.stringify(functions.get(module)!.properties['Environment'].Variables['CORS_ALLOW_ORIGINS']);
      if (publicReads.has(module)) expect(value, module).toBe('"*"');
      else expect(value, module).toContain(`,${FRONTENDS.join(',')}`);
    }
  });

  it.each(['http://shop.example', 'https://shop.example/', 'https://shop.example/app', 'https://Shop.example', '*'])(
    'stop the synth on %s, naming it',
    (origin) => {
      expect(() => synth([origin])).toThrow(`frontendOrigins holds ${JSON.stringify(origin)}`);
    },
  );
});
