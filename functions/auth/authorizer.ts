// The REST API's TOKEN authorizer: verifies the bearer JWT and lets the request through with { userId, tv }.
// Deliberately tiny (no middy, no DynamoDB): it runs before every uncached `jwt` request. Handlers check `tv`.
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { allowPolicy, bearerToken } from '#lib/auth/authorizer-policy.ts';
import { processJwtKeyStore } from '#lib/auth/key-store.ts';
import { InvalidTokenError, verifyAccessToken } from '#lib/auth/verify-token.ts';

export const handler = async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const token = bearerToken(event.authorizationToken);
  // The exact message 'Unauthorized' is what makes API Gateway answer 401 (any other error is a 500).
  if (!token) throw new Error('Unauthorized');
  try {
    return allowPolicy(await verifyAccessToken(processJwtKeyStore(), token), event.methodArn);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new Error('Unauthorized');
    throw error;
  }
};
