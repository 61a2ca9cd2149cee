// The REST API: one method per route-table entry, the JWT authorizer, the partner usage plan, logs and errors.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BINARY_MEDIA_TYPES, type Route } from '#lib/http/routes.ts';
import { NO_SNIFF, PROBLEM_CONTENT_TYPE, problemType } from '#lib/http/problem.ts';
import { ANY_ORIGIN_METHODS, CORS_ALLOW_HEADERS, PREFLIGHT_MAX_AGE_SECONDS, readableByAnyOrigin } from '#lib/http/cors.ts';
import type { ApiFunction } from './api-function.ts';
import { addProblemResponses } from './gateway-responses.ts';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';

/**
 * `Authorization: Bearer <header>.<payload>.<signature>` (scheme in any case, as the authorizer reads it);
 * anything else is answered 401 by API Gateway without invoking the authorizer.
 */
export const BEARER_TOKEN_PATTERN = '^[Bb][Ee][Aa][Rr][Ee][Rr] +[-0-9A-Za-z_]+\\.[-0-9A-Za-z_]+\\.[-0-9A-Za-z_]*$';

/** Request headers browsers may send cross-origin. */

export interface HttpApiProps {
  stage: StageConfig;
  /** The browser origins allowed by CORS: the stage's partner dashboard first, then its frontends (lib/http/cors.ts). */
  corsOrigins: readonly string[];
}

export class HttpApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly usagePlan: apigateway.UsagePlan;
  readonly accessLogs: logs.LogGroup;
  private readonly corsOrigins: readonly string[];
  private readonly stage: StageConfig;
  private readonly integrations = new Map<ApiFunction, apigateway.Integration>();

  constructor(scope: Construct, id: string, { stage, corsOrigins }: HttpApiProps) {
    super(scope, id);
    this.stage = stage;

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      // A fixed name operators can tail: `aws logs tail /aws/apigateway/<stack>/access`.
      logGroupName: `/aws/apigateway/${stage.stackName}/access`,
      retention: stage.logRetention,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const F = apigateway.AccessLogField;
    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: stage.stackName,
      description: `Plaque Marketplace API (${stage.name})`,
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      // Uploads arrive base64-encoded in the event instead of mangled as text.
      binaryMediaTypes: [...BINARY_MEDIA_TYPES],
      // Execution logs (ERROR level) need API Gateway's account-wide CloudWatch role. It is one setting per
      // account and region, so it is kept when a stack goes (the other stage may rely on it).
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: stage.apiStageName,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        // Request/response bodies in execution logs would put tokens and personal data in CloudWatch.
        dataTraceEnabled: false,
        throttlingRateLimit: stage.throttle.stage.rateLimit,
        throttlingBurstLimit: stage.throttle.stage.burstLimit,
        accessLogDestination: new apigateway.LogGroupLogDestination(this.accessLogs),
        accessLogFormat: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: F.contextRequestId(),
            time: F.contextRequestTime(),
            ip: F.contextIdentitySourceIp(),
            userAgent: F.contextIdentityUserAgent(),
            method: F.contextHttpMethod(),
            resourcePath: F.contextResourcePath(),
            path: F.contextPath(),
            status: F.contextStatus(),
            responseLength: F.contextResponseLength(),
            latencyMs: F.contextResponseLatency(),
            integrationLatencyMs: F.contextIntegrationLatency(),
            integrationStatus: F.contextIntegrationStatus(),
            errorType: F.contextErrorResponseType(),
            error: F.contextErrorMessage(),
            principalId: F.contextAuthorizerPrincipalId(),
            authorizerError: F.contextAuthorizerError(),
            apiKeyId: F.contextIdentityApiKeyId(),
            wafStatus: F.contextWafResponseCode(),
            traceId: F.contextXrayTraceId(),
          }),
        ),
      },
    });
    this.corsOrigins = corsOrigins;

    addProblemResponses(this.api, stage);

    this.usagePlan = this.api.addUsagePlan('PartnerPlan', {
      name: `${stage.stackName}-partners`,
      description: 'Every partner API key belongs to this plan: per-key throttle and quota',
      throttle: stage.throttle.usagePlan,
      quota: stage.throttle.quota,
      apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
    });

    acknowledge(this.api, [
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'Requests are validated in the handlers against the zod schemas the OpenAPI document is generated from; a gateway validator could not answer in the API problem shape with per-field errors.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'The account-level API Gateway logging role uses AmazonAPIGatewayPushToCloudWatchLogs, the policy AWS provides for exactly this role.',
      },
    ]);
  }

  /**
   * The JWT TOKEN authorizer placed in front of every `jwt` route. It names the authorizer function's live alias by
   * ARN, and the function's own stack holds the permission to invoke it (ApiFunction.authorizes).
   */
  createAuthorizer(fn: ApiFunction): apigateway.TokenAuthorizer {
    // Caching contract: API Gateway caches the policy the authorizer returns per token and reuses it for
    // EVERY method the token calls during the TTL. The authorizer must therefore return a policy whose
    // Resource covers all jwt methods of the stage — `arn:aws:execute-api:<region>:<account>:<api>/<stage>/*`
    // — not just `event.methodArn`, or the second jwt route called with a cached token answers 401.
    const authorizer = new apigateway.TokenAuthorizer(this, 'JwtAuthorizer', {
      authorizerName: `${this.stage.stackName}-jwt`,
      handler: this.byName(fn),
      identitySource: apigateway.IdentitySource.header('Authorization'),
      validationRegex: BEARER_TOKEN_PATTERN,
      resultsCacheTtl: Duration.seconds(this.stage.authorizerCacheTtlSeconds),
    });
    fn.authorizes(authorizer.authorizerArn);
    return authorizer;
  }

  /** Adds a method per route, and a 405 answer for every other method on each routed path. */
  addRoutes(routeTable: readonly Route[], functionFor: (handlerModule: string) => ApiFunction, authorizer: apigateway.IAuthorizer): void {
    const methodsByPath = new Map<string, string[]>();
    const anyOriginPaths = new Set<string>();
    for (const route of routeTable) {
      const resource = this.api.root.resourceForPath(route.path);
      const fn = functionFor(route.handler);
      const method = resource.addMethod(route.method, this.integrationFor(fn), {
        operationName: route.operationId,
        ...authorization(route, authorizer),
        ...declaredHeaders(route),
      });
      // A public read's function answers HEAD too: one permission for the methods of its path (GET and HEAD; the others
      // are answered by the 405 mock below).
      const anyOrigin = readableByAnyOrigin(route);
      fn.invokedByMethod(this.api, this.stage.apiStageName, anyOrigin ? '*' : route.method, route.path);
      const allowed: string[] = [route.method];
      // API Gateway sends no body back for a HEAD.
      if (anyOrigin) {
        const head = resource.addMethod('HEAD', this.integrationFor(fn), {
          operationName: `${route.operationId}Head`,
          ...authorization(route, authorizer),
          ...declaredHeaders(route),
        });
        acknowledge(head, [
          { id: 'AwsSolutions-APIG4', reason: 'Public read by contract (token and collection metadata): HEAD of its GET.' },
          { id: 'AwsSolutions-COG4', reason: 'Public read by contract (token and collection metadata): HEAD of its GET.' },
        ]);
        allowed.push('HEAD');
      }
      if (route.auth.kind !== 'jwt') {
        acknowledge(method, [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              route.auth.kind === 'apiKey'
                ? 'Partner route: authorized by an API key of the usage plan (apiKeyRequired), as the contract specifies.'
                : route.auth.kind === 'jwtOrApiKey'
                  ? "Partner reading: authorized by its function, which checks a partner API key's hash or a bearer JWT's signature (lib/partner/partner-account.ts)."
                  : 'Public route by contract (listing, sign-in flow, JWKS, OpenAPI document).',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: 'The API authenticates with its own ES256 JWTs (TOKEN authorizer) and API keys, not Cognito.',
          },
        ]);
      } else {
        acknowledge(method, [
          {
            id: 'AwsSolutions-COG4',
            reason: 'Authorized by the JWT TOKEN authorizer: the service issues its own ES256 tokens, not Cognito ones.',
          },
        ]);
      }
      methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), ...allowed]);
      if (anyOrigin) anyOriginPaths.add(route.path);
    }
    for (const [path, allowed] of methodsByPath) {
      const resource = this.api.root.resourceForPath(path);
      this.addMethodNotAllowed(resource, allowed);
      // A preflight on each routed path, naming its methods; a path with no operation (/partner, say) answers none, as
      // it answers no other method: a preflight method on each of those would only cost the stack resources. A public
      // read's path allows any origin (lib/http/cors.ts).
      resource.addCorsPreflight(
        anyOriginPaths.has(path)
          ? {
              allowOrigins: ['*'],
              allowMethods: [...ANY_ORIGIN_METHODS],
              allowHeaders: CORS_ALLOW_HEADERS,
              maxAge: Duration.seconds(PREFLIGHT_MAX_AGE_SECONDS),
            }
          : {
              allowOrigins: [...this.corsOrigins],
              allowMethods: [...allowed, 'OPTIONS'],
              allowHeaders: CORS_ALLOW_HEADERS,
              maxAge: Duration.seconds(PREFLIGHT_MAX_AGE_SECONDS),
            },
      );
    }

    // The CORS preflight methods CDK adds are public by nature.
    for (const child of this.api.root.node.findAll()) {
      if (child instanceof apigateway.Method && child.httpMethod === 'OPTIONS') {
        acknowledge(child, [
          { id: 'AwsSolutions-APIG4', reason: 'CORS preflight: browsers send it without credentials.' },
          { id: 'AwsSolutions-COG4', reason: 'CORS preflight: browsers send it without credentials.' },
        ]);
      }
    }
  }

  /**
   * One integration per function, naming its live alias by the ARN spelled from its fixed name. The API then refers
   * to no function resource: the functions live in nested stacks (infra/function-stacks.ts), and those whose
   * configuration refers to the API itself (the usage plan id) could not be referred to back without a cycle
   * (function → usage plan → stage → deployment → method → function). Each function holds the permissions for its
   * methods (ApiFunction.invokedByMethod).
   */
  private integrationFor(fn: ApiFunction): apigateway.Integration {
    let integration = this.integrations.get(fn);
    if (integration) return integration;
    integration = new apigateway.AwsIntegration({
      proxy: true,
      service: 'lambda',
      path: `2015-03-31/functions/${fn.liveArnByName()}/invocations`,
    });
    this.integrations.set(fn, integration);
    return integration;
  }

  /** The function's live alias, imported by name into the API's stack; it grants nothing (the function does). */
  private byName(fn: ApiFunction): lambda.IFunction {
    return lambda.Function.fromFunctionAttributes(this, `${fn.node.id}ByName`, {
      functionArn: fn.liveArnByName(),
      skipPermissions: true,
    });
  }

  /**
   * API Gateway answers a known path with an undefined method like an unknown path (403 "Missing
   * Authentication Token"). The contract wants 405 METHOD_NOT_ALLOWED with `Allow`, so each routed path
   * gets an ANY method (explicit methods win over ANY) backed by a mock that writes the problem document.
   */
  private addMethodNotAllowed(resource: apigateway.IResource, allowed: string[]): void {
    const allow = allowed.join(', ');
    const body = JSON.stringify({
      type: problemType('METHOD_NOT_ALLOWED'),
      title: 'Method not allowed',
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      detail: `allowed methods: ${allow}`,
      requestId: '$context.requestId',
    });
    const method = resource.addMethod(
      'ANY',
      new apigateway.MockIntegration({
        requestTemplates: { 'application/json': '{"statusCode": 200}' },
        passthroughBehavior: apigateway.PassthroughBehavior.WHEN_NO_MATCH,
        integrationResponses: [
          {
            // The only (default) integration response: whatever the mock returns becomes this 405.
            statusCode: '405',
            // A refusal the gateway gives itself: any page may read it, as the gateway responses (gateway-responses.ts).
            responseParameters: {
              'method.response.header.Allow': `'${allow}'`,
              'method.response.header.Content-Type': `'${PROBLEM_CONTENT_TYPE}'`,
              'method.response.header.X-Content-Type-Options': `'${NO_SNIFF['x-content-type-options']}'`,
              'method.response.header.Access-Control-Allow-Origin': "'*'",
              'method.response.header.Access-Control-Expose-Headers': "'x-request-id,retry-after'",
            },
            responseTemplates: {
              'application/json': `#set($context.responseOverride.header.x-request-id = $context.requestId)\n${body}`,
            },
          },
        ],
      }),
      {
        operationName: 'methodNotAllowed',
        authorizationType: apigateway.AuthorizationType.NONE,
        methodResponses: [
          {
            statusCode: '405',
            responseParameters: {
              'method.response.header.Allow': true,
              'method.response.header.Content-Type': true,
              'method.response.header.X-Content-Type-Options': true,
              'method.response.header.x-request-id': true,
              'method.response.header.Access-Control-Allow-Origin': true,
              'method.response.header.Access-Control-Expose-Headers': true,
            },
          },
        ],
      },
    );
    acknowledge(method, [
      { id: 'AwsSolutions-APIG4', reason: 'Answers 405 from a mock for methods a path does not have; reaches no backend.' },
      { id: 'AwsSolutions-COG4', reason: 'Answers 405 from a mock for methods a path does not have; reaches no backend.' },
    ]);
  }
}

/**
 * The headers the route's answers declare (Cache-Control of the metadata and key set, Idempotent-Replayed of the buy), as
 * method responses: the function sets them (proxy integration), the API's own description names them. A public read's
 * answers, its refusals included, also name `Access-Control-Allow-Origin` (its function answers `*`).
 */
function declaredHeaders(route: Route): Pick<apigateway.MethodOptions, 'methodResponses'> {
  const anyOrigin = readableByAnyOrigin(route);
  const statuses = [...Object.keys(route.responses), ...(anyOrigin ? Object.keys(route.errors ?? {}) : [])];
  const headersOf = (status: string): string[] => [
    ...((route.responses as Record<string, { headers?: readonly string[] }>)[status]?.headers ?? []),
    ...(anyOrigin ? ['Access-Control-Allow-Origin'] : []),
  ];
  const declared = statuses.filter((status) => headersOf(status).length > 0);
  if (declared.length === 0) return {};
  return {
    methodResponses: declared.map((status) => ({
      statusCode: status,
      responseParameters: Object.fromEntries(headersOf(status).map((name) => [`method.response.header.${name}`, true])),
    })),
  };
}

function authorization(route: Route, authorizer: apigateway.IAuthorizer): apigateway.MethodOptions {
  switch (route.auth.kind) {
    case 'jwt':
      return { authorizer, authorizationType: apigateway.AuthorizationType.CUSTOM };
    case 'apiKey':
      return { apiKeyRequired: true, authorizationType: apigateway.AuthorizationType.NONE };
    // A method takes API Gateway's key check or an authorizer, not either: its function checks both (lib/http/principals.ts).
    case 'jwtOrApiKey':
    case 'none':
      return { authorizationType: apigateway.AuthorizationType.NONE };
  }
}
