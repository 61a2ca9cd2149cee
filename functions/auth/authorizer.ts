// REST API TOKEN authorizer: not built yet, so it denies every token.
import type { APIGatewayTokenAuthorizerEvent, APIGatewayAuthorizerResult } from 'aws-lambda';

export const handler = async (_event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  throw new Error('Unauthorized');
};
