// Success responses: JSON bodies with the status the contract names.
import type { APIGatewayProxyResult } from 'aws-lambda';

export interface HttpResult {
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({ statusCode: 200, body, ...(headers && { headers }) });
export const created = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  statusCode: 201,
  body,
  ...(headers && { headers }),
});
export const accepted = (body: unknown, headers?: Record<string, string>): HttpResult => ({
  statusCode: 202,
  body,
  ...(headers && { headers }),
});
export const noContent = (): HttpResult => ({ statusCode: 204, body: undefined });

export function toProxyResult(result: HttpResult, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === undefined) return { statusCode: result.statusCode, headers, body: '' };
  if (typeof result.body === 'string' && headers['content-type']) {
    return { statusCode: result.statusCode, headers, body: result.body };
  }
  return {
    statusCode: result.statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(result.body),
  };
}
