// Suite: the REST API in the synthesized template: routes and their auth, authorizer, usage plan, errors, logs, CORS.
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { AUTHORIZER_HANDLER, BINARY_MEDIA_TYPES, routes } from '#lib/http/routes.ts';
import { problemType } from '#lib/http/problem.ts';
import { readableByAnyOrigin } from '#lib/http/cors.ts';
import { stageNames, stages } from '../../infra/stages.ts';
import { BEARER_TOKEN_PATTERN } from '../../infra/http-api.ts';
import { functionsByModule, logicalIdOf, methods, resourcesOf, synthStage } from './synth.ts';

describe.each(stageNames)('the %s API', (stageName) => {
  const stage = stages[stageName];

  it('has a method for every route-table entry, authorized as the entry says', () => {
    const { template } = synthStage(stageName);
    const all = methods(template);
    const authorizerId = Object.keys(resourcesOf(template, 'AWS::ApiGateway::Authorizer'))[0];
    for (const route of routes) {
      const method = all.find((m) => m.path === route.path && m.httpMethod === route.method);
      expect(method, `${route.method} ${route.path}`).toBeDefined();
      const props = method!.properties;
      expect(props['OperationName']).toBe(route.operationId);
      if (route.auth.kind === 'jwt') {
        expect(props['AuthorizationType']).toBe('CUSTOM');
        expect(props['AuthorizerId']).toEqual({ Ref: authorizerId });
        expect(props['ApiKeyRequired']).toBeUndefined();
      } else if (route.auth.kind === 'apiKey') {
        expect(props['AuthorizationType']).toBe('NONE');
        expect(props['ApiKeyRequired']).toBe(true);
      } else {
        expect(props['AuthorizationType']).toBe('NONE');
        expect(props['ApiKeyRequired']).toBeUndefined();
      }
    }
  });

  it('sends each route to the Lambda function of its handler module, one function per module', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    for (const route of routes) {
      const method = methods(template).find((m) => m.path === route.path && m.httpMethod === route.method)!;
      const integration = method.properties['Integration'];
      expect(integration.Type).toBe('AWS_PROXY');
      expect(integration.IntegrationHttpMethod).toBe('POST');
      // Either a reference to the function's live alias or its ARN spelled from the fixed function name and alias.
      const uri = JSON.stringify(integration.Uri);
      const fn = fns.get(route.handler)!;
      const alias = logicalIdOf(synthStage(stageName).stack.functions.get(route.handler)!.live);
      expect(uri.includes(`"Ref":"${alias}"`) || uri.includes(`function:${fn.properties['FunctionName']}:live/invocations`), uri).toBe(
        true,
      );
    }
    const featured = routes.filter((r) => r.path === '/plaques/featured').map((r) => r.handler);
    expect(new Set(featured).size).toBe(1);
  });

  it('answers other methods on a routed path with 405 METHOD_NOT_ALLOWED naming the allowed ones', () => {
    const { template } = synthStage(stageName);
    const anyMethods = methods(template).filter((m) => m.httpMethod === 'ANY');
    const routedPaths = new Set(routes.map((r) => r.path));
    expect(new Set(anyMethods.map((m) => m.path))).toEqual(routedPaths);
    for (const method of anyMethods) {
      // A public read's path answers HEAD too (lib/http/cors.ts).
      const allowed = routes
        .filter((r) => r.path === method.path)
        .flatMap((r) => (readableByAnyOrigin(r) ? [r.method, 'HEAD'] : [r.method]));
      const integration = method.properties['Integration'];
      expect(integration.Type).toBe('MOCK');
      const response = integration.IntegrationResponses[0];
      expect(response.StatusCode).toBe('405');
      expect(response.ResponseParameters['method.response.header.Allow']).toBe(`'${allowed.join(', ')}'`);
      expect(response.ResponseParameters['method.response.header.Content-Type']).toBe("'application/problem+json'");
      expect(response.ResponseParameters['method.response.header.X-Content-Type-Options']).toBe("'nosniff'");
      const body = response.ResponseTemplates['application/json'] as string;
      expect(body).toContain('"code":"METHOD_NOT_ALLOWED"');
      expect(body).toContain('$context.requestId');
      expect(body).toContain('responseOverride.header.x-request-id');
    }
  });

  it('runs the TOKEN authorizer on the Authorization header, caching its decision for the stage TTL', () => {
    const { template } = synthStage(stageName);
    const authorizerFn = functionsByModule(template).get(AUTHORIZER_HANDLER)!;
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'TOKEN',
      IdentitySource: 'method.request.header.Authorization',
      IdentityValidationExpression: BEARER_TOKEN_PATTERN,
      AuthorizerResultTtlInSeconds: stage.authorizerCacheTtlSeconds,
    });
    const [authorizerId, authorizer] = Object.entries(resourcesOf(template, 'AWS::ApiGateway::Authorizer'))[0]!;
    // The authorizer function's live alias, named by its fixed function name (it lives in a nested stack).
    expect(JSON.stringify(authorizer.Properties!['AuthorizerUri'])).toContain(
      `:function:${authorizerFn.properties['FunctionName']}:live/invocations`,
    );
    // API Gateway may invoke that alias as this authorizer, and only as it.
    const alias = logicalIdOf(synthStage(stageName).stack.functions.get(AUTHORIZER_HANDLER)!.live);
    const invokers = Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
      (p) => JSON.stringify(p.Properties!['FunctionName']) === JSON.stringify({ Ref: alias }),
    );
    expect(invokers).toHaveLength(1);
    expect(invokers[0]!.Properties!['Principal']).toBe('apigateway.amazonaws.com');
    const sourceArn = JSON.stringify(invokers[0]!.Properties!['SourceArn']);
    expect(sourceArn).toContain('/authorizers/');
    expect(sourceArn).toContain(`{"Ref":"${authorizerId}"}`);
    expect(new RegExp(BEARER_TOKEN_PATTERN).test('Bearer aaa.bbb.ccc')).toBe(true);
    expect(new RegExp(BEARER_TOKEN_PATTERN).test('bearer aaa.bbb.ccc')).toBe(true);
    expect(new RegExp(BEARER_TOKEN_PATTERN).test('Basic dXNlcjpwYXNz')).toBe(false);
    expect(new RegExp(BEARER_TOKEN_PATTERN).test('Bearer not-a-jwt')).toBe(false);
  });

  it('puts the stage in a usage plan with the per-key throttle and quota of the stage config', () => {
    const { template } = synthStage(stageName);
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 1);
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      ApiStages: [Match.objectLike({ Stage: { Ref: Match.stringLikeRegexp('Stage') } })],
      Throttle: { RateLimit: stage.throttle.usagePlan.rateLimit, BurstLimit: stage.throttle.usagePlan.burstLimit },
      Quota: { Limit: stage.throttle.quota.limit, Period: stage.throttle.quota.period },
    });
  });

  it('receives multipart uploads as binary (base64 in the event)', () => {
    const { template } = synthStage(stageName);
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: [...BINARY_MEDIA_TYPES] });
    expect(BINARY_MEDIA_TYPES).toContain('multipart/form-data');
  });

  it('throttles the stage, traces it with X-Ray and writes JSON access logs', () => {
    const { stack, template } = synthStage(stageName);
    const accessLogs = logicalIdOf(stack.httpApi.accessLogs);
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: stage.apiStageName,
      TracingEnabled: true,
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: stage.throttle.stage.rateLimit,
          ThrottlingBurstLimit: stage.throttle.stage.burstLimit,
          DataTraceEnabled: false,
        }),
      ],
    });
    const stageResource = Object.values(resourcesOf(template, 'AWS::ApiGateway::Stage'))[0]!;
    expect(JSON.stringify(stageResource.Properties!['AccessLogSetting'].DestinationArn)).toContain(accessLogs);
    const format = JSON.parse(stageResource.Properties!['AccessLogSetting'].Format);
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', traceId: '$context.xrayTraceId' });
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      RetentionInDays: stage.logRetention,
    });
  });

  it("answers CORS preflights for the stage's dashboard origin only", () => {
    const { template, stack } = synthStage(stageName);
    const preflight = methods(template).find((m) => m.path === '/auth/profile' && m.httpMethod === 'OPTIONS');
    expect(preflight).toBeDefined();
    const responses = preflight!.properties['Integration'].IntegrationResponses as Array<Record<string, any>>;
    expect(responses.map((r) => r['ResponseParameters']['method.response.header.Access-Control-Allow-Origin'])).toEqual([
      stack.resolve(`'${stack.dashboard.origin}'`),
    ]);
    const response = JSON.stringify(responses);
    expect(response).toContain('Authorization');
    expect(response).toContain('Idempotency-Key');
    expect(response).not.toContain("'*'");
  });
});

describe('gateway responses', () => {
  const { template } = synthStage('staging');
  const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse')).map((r) => r.Properties!);
  const byType = (type: string) => {
    const found = responses.find((r) => r['ResponseType'] === type);
    if (!found) throw new Error(`no gateway response for ${type}`);
    return found;
  };
  const body = (type: string) => JSON.parse(byType(type)['ResponseTemplates']['application/json']);

  it.each([
    ['UNAUTHORIZED', '401', 'UNAUTHORIZED'],
    ['ACCESS_DENIED', '401', 'UNAUTHORIZED'],
    ['MISSING_AUTHENTICATION_TOKEN', '404', 'NOT_FOUND'],
    ['INVALID_API_KEY', '403', 'FORBIDDEN'],
    ['THROTTLED', '429', 'TOO_MANY_REQUESTS'],
    ['QUOTA_EXCEEDED', '429', 'QUOTA_EXCEEDED'],
    ['REQUEST_TOO_LARGE', '413', 'PAYLOAD_TOO_LARGE'],
    ['DEFAULT_4XX', '400', 'BAD_REQUEST'],
    ['DEFAULT_5XX', '500', 'INTERNAL'],
  ])('rewrites %s as %s %s in the problem+json shape with the request id', (type, status, code) => {
    const response = byType(type);
    expect(response['StatusCode']).toBe(status);
    expect(body(type)).toEqual({
      type: problemType(code),
      title: expect.any(String),
      status: Number(status),
      code,
      detail: expect.any(String),
      requestId: '$context.requestId',
    });
    expect(response['ResponseParameters']).toMatchObject({
      'gatewayresponse.header.Content-Type': "'application/problem+json'",
      'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
      'gatewayresponse.header.x-request-id': 'context.requestId',
    });
  });

  it('tells throttled and over-quota clients when to retry', () => {
    expect(byType('THROTTLED')['ResponseParameters']['gatewayresponse.header.Retry-After']).toBe("'1'");
    expect(byType('QUOTA_EXCEEDED')['ResponseParameters']['gatewayresponse.header.Retry-After']).toMatch(/^'\d+'$/);
  });

  it("answers over-quota keys with the RateLimit fields of the usage plan's quota, readable by pages", () => {
    const headers = byType('QUOTA_EXCEEDED')['ResponseParameters'];
    expect(headers['gatewayresponse.header.RateLimit-Policy']).toBe(`'"daily";q=${stages.staging.throttle.quota.limit};w=86400'`);
    expect(headers['gatewayresponse.header.RateLimit']).toBe(`'"daily";r=0'`);
    expect(headers['gatewayresponse.header.Access-Control-Expose-Headers']).toBe("'x-request-id,retry-after,ratelimit-policy,ratelimit'");
  });

  it('lets browsers read gateway errors from any origin, exposing the request id', () => {
    const headers = byType('UNAUTHORIZED')['ResponseParameters'];
    expect(headers['gatewayresponse.header.Access-Control-Expose-Headers']).toContain('x-request-id');
  });

  // A page reading a public route (token metadata) on any origin must read why it was refused; they hold no one's data.
  it.each(stageNames)('names any origin on every %s gateway error', (stageName) => {
    const { template } = synthStage(stageName);
    const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse'));
    expect(responses.length).toBeGreaterThan(3);
    for (const response of responses) {
      expect(response.Properties!['ResponseParameters']['gatewayresponse.header.Access-Control-Allow-Origin']).toBe("'*'");
    }
  });

  it('lets any origin read the 405 the gateway answers for a method a path does not have', () => {
    const mocks = methods(template).filter((m) => m.httpMethod === 'ANY');
    expect(mocks.length).toBeGreaterThan(10);
    for (const mock of mocks) {
      const [response] = mock.properties['Integration'].IntegrationResponses as Array<Record<string, any>>;
      expect(response!['ResponseParameters']['method.response.header.Access-Control-Allow-Origin'], mock.path).toBe("'*'");
    }
  });
});
