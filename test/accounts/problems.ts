// Checks shared by the accounts HTTP tests: the problem document every error answer must be.
import { expect } from 'vitest';

export async function expectProblem(response: Response, status: number, code: string): Promise<Record<string, any>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  const problem = (await response.json()) as Record<string, any>;
  expect(problem).toMatchObject({ status, code, requestId: response.headers.get('x-request-id') });
  expect(JSON.stringify(problem)).not.toMatch(/\bat .+\.ts:\d+|Exception|stack|ConditionExpression/);
  if (status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  return problem;
}
