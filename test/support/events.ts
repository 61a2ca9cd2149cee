// API Gateway REST proxy (v1) events for calling handlers directly, shaped like the local server builds them.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

export interface EventInit {
  method?: string;
  path?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: string | null;
  isBase64Encoded?: boolean;
  pathParameters?: Record<string, string>;
  authorizer?: Record<string, unknown> | null;
  apiKeyId?: string | null;
}

export function anEvent(init: EventInit = {}): APIGatewayProxyEvent {
  const multi: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(init.query ?? {})) multi[name] = Array.isArray(value) ? value : [value];
  const hasQuery = Object.keys(multi).length > 0;
  const requestId = randomUUID();
  return {
    resource: init.path ?? '/',
    path: init.path ?? '/',
    httpMethod: init.method ?? 'GET',
    headers: init.headers ?? {},
    multiValueHeaders: Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k, [v]])),
    queryStringParameters: hasQuery ? Object.fromEntries(Object.entries(multi).map(([k, v]) => [k, v[v.length - 1]!])) : null,
    multiValueQueryStringParameters: hasQuery ? multi : null,
    pathParameters: init.pathParameters ?? null,
    stageVariables: null,
    body: init.body ?? null,
    isBase64Encoded: init.isBase64Encoded ?? false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      authorizer: init.authorizer ?? null,
      protocol: 'HTTP/1.1',
      httpMethod: init.method ?? 'GET',
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: init.apiKeyId ?? null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '127.0.0.1',
        user: null,
        userAgent: 'test',
        userArn: null,
      },
      path: init.path ?? '/',
      stage: 'test',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'test',
      resourcePath: init.path ?? '/',
    },
  };
}

export const aLambdaContext = (): Context =>
  ({ awsRequestId: randomUUID(), functionName: 'test', getRemainingTimeInMillis: () => 29_000 }) as unknown as Context;

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Invokes a handler and parses its JSON body. */
export async function invoke(handler: Handler, init: EventInit = {}) {
  const result = await handler(anEvent(init), aLambdaContext());
  return { ...result, json: result.body ? (JSON.parse(result.body) as Record<string, any>) : undefined };
}
