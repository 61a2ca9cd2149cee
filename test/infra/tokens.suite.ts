// Suite: the token metadata routes in the synthesized templates: public, each on its own function in the tokens area,
// their Cache-Control declared, readable from any origin (HEAD too, and their preflights), the stage's public address,
// collection and frontend in their environment, and the PublicBaseUrl output deploy-contract and set-token-uri take.
import { describe, expect, it } from 'vitest';
import { routes } from '#lib/http/routes.ts';
import { ENV, TABLE_READ_ACTIONS } from '../../infra/api-function.ts';
import { stageNames, stages } from '../../infra/stages.ts';
import { asArray, functionsByModule, methods, roleStatements, synthStage } from './synth.ts';

const TOKEN_ROUTES = [
  { method: 'GET', path: '/tokens/{id}', handler: 'functions/tokens/get-token-metadata.ts', table: 'read' },
  { method: 'GET', path: '/contract.json', handler: 'functions/tokens/get-contract-metadata.ts', table: null },
] as const;

describe.each(stageNames)('%s token metadata', (stageName) => {
  const stage = stages[stageName];

  it('serves GET /tokens/{id} and GET /contract.json without auth, each from its own function in the tokens stack', () => {
    const { template, stack } = synthStage(stageName);
    const fns = functionsByModule(template);
    for (const expected of TOKEN_ROUTES) {
      const route = routes.find((r) => r.path === expected.path && r.method === expected.method);
      expect(route?.handler).toBe(expected.handler);
      const method = methods(template).find((m) => m.path === expected.path && m.httpMethod === expected.method)!;
      expect(method.properties['AuthorizationType']).toBe('NONE');
      expect(method.properties['ApiKeyRequired']).toBeUndefined();
      expect(JSON.stringify(method.properties['Integration'].Uri)).toContain(
        `function:${fns.get(expected.handler)!.properties['FunctionName']}:live`,
      );
      expect(stack.functionStacks.for(expected.handler).node.id).toBe('TokensFunctions');
    }
  });

  it('declares Cache-Control on their 200 answers, and Access-Control-Allow-Origin on every answer', () => {
    const { template } = synthStage(stageName);
    for (const expected of TOKEN_ROUTES) {
      const route = routes.find((r) => r.path === expected.path && r.method === expected.method)!;
      const method = methods(template).find((m) => m.path === expected.path && m.httpMethod === expected.method)!;
      const responses = method.properties['MethodResponses'] as Array<{ StatusCode: string; ResponseParameters: Record<string, boolean> }>;
      expect(responses.map((r) => r.StatusCode).sort()).toEqual(['200', ...Object.keys(route.errors ?? {})].sort());
      for (const response of responses) {
        expect(response.ResponseParameters, response.StatusCode).toEqual({
          'method.response.header.Access-Control-Allow-Origin': true,
          ...(response.StatusCode === '200' && { 'method.response.header.Cache-Control': true }),
        });
      }
    }
  });

  it('lets any web page read them: their functions answer *, HEAD beside GET, and a preflight allows any origin', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    const all = methods(template);
    for (const expected of TOKEN_ROUTES) {
      expect(fns.get(expected.handler)!.properties['Environment'].Variables[ENV.corsAllowOrigins]).toBe('*');
      const get = all.find((m) => m.path === expected.path && m.httpMethod === 'GET')!;
      const head = all.find((m) => m.path === expected.path && m.httpMethod === 'HEAD');
      expect(head, `HEAD ${expected.path}`).toBeDefined();
      expect(head!.properties['Integration'].Uri).toEqual(get.properties['Integration'].Uri);
      expect(head!.properties['AuthorizationType']).toBe('NONE');
      const preflight = all.find((m) => m.path === expected.path && m.httpMethod === 'OPTIONS')!;
      const [response] = preflight.properties['Integration'].IntegrationResponses as Array<Record<string, any>>;
      expect(response!['ResponseParameters']).toMatchObject({
        'method.response.header.Access-Control-Allow-Origin': "'*'",
        'method.response.header.Access-Control-Allow-Methods': "'GET,HEAD,OPTIONS'",
      });
      const allowed = all.find((m) => m.path === expected.path && m.httpMethod === 'ANY')!;
      const [refusal] = allowed.properties['Integration'].IntegrationResponses as Array<Record<string, any>>;
      expect(refusal!['ResponseParameters']['method.response.header.Allow']).toBe("'GET, HEAD'");
    }
    // Every other function keeps the stage's own origins.
    const others = [...fns.entries()].filter(([module]) =>
      routes.some((r) => r.handler === module && !TOKEN_ROUTES.some((t) => t.handler === module)),
    );
    expect(others.length).toBeGreaterThan(10);
    for (const [module, fn] of others) expect(fn.properties['Environment'].Variables[ENV.corsAllowOrigins], module).not.toBe('*');
  });

  it("names the stage's public address, collection and frontend, and lets only the token metadata read the table", () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    for (const expected of TOKEN_ROUTES) {
      const fn = fns.get(expected.handler)!;
      const variables = fn.properties['Environment'].Variables;
      expect(variables).toMatchObject({
        [ENV.collectionName]: stage.collection.name,
        [ENV.collectionDescription]: stage.collection.description,
        [ENV.mediaBaseUrl]: expect.anything(),
      });
      expect(JSON.stringify(variables[ENV.publicBaseUrl])).toMatch(stage.domain ? stage.domain.name : /execute-api/);
      expect(variables[ENV.frontendUrl]).toBe(stage.frontendUrl);
      const dynamo = roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0])
        .flatMap((statement) => asArray<string>(statement['Action']))
        .filter((action) => action.startsWith('dynamodb:'));
      expect(dynamo.sort(), expected.handler).toEqual(expected.table === 'read' ? [...TABLE_READ_ACTIONS].sort() : []);
    }
  });

  it('outputs the public base URL the contract names', () => {
    const { template } = synthStage(stageName);
    const output = template.findOutputs('PublicBaseUrl');
    expect(JSON.stringify(Object.values(output)[0]!.Value)).toMatch(stage.domain ? stage.domain.name : /execute-api/);
  });
});
