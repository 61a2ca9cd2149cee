// What the TOKEN authorizer answers: the bearer token read from the header, and the Allow policy for a verified one.
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import type { TokenClaims } from '#lib/auth/verify-token.ts';

/** `Bearer <token>` (scheme case-insensitive, as RFC 7235 has it) → the token; anything else → null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9_.~+/=-]+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Every method and path of the stage the request came to: `arn:aws:execute-api:<region>:<account>:<apiId>/<stage>/*\/*`.
 * API Gateway caches one policy per token for all methods, so a policy naming only the first method would refuse the rest.
 */
export function stageWildcardArn(methodArn: string): string {
  const [apiArn, stage] = methodArn.split('/');
  if (!apiArn || !stage || !apiArn.startsWith('arn:aws')) throw new Error(`unexpected methodArn ${methodArn}`);
  return `${apiArn}/${stage}/*/*`;
}

/** The context reaches handlers as `requestContext.authorizer`; API Gateway passes strings, numbers and booleans only. */
export interface AuthorizerContext {
  userId: string;
  tv: string;
  [name: string]: string;
}

export function allowPolicy(claims: TokenClaims, methodArn: string): APIGatewayAuthorizerResult & { context: AuthorizerContext } {
  return {
    principalId: String(claims.userId),
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: stageWildcardArn(methodArn) }],
    },
    context: { userId: String(claims.userId), tv: String(claims.tv) },
  };
}
