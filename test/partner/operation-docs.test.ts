// The OpenAPI document's partner section: every operation documented with its decisions and error codes.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#lib/http/openapi.ts';
import { routes } from '#lib/http/routes.ts';

const doc = openApiDocument() as { paths: Record<string, Record<string, any>> };
const operation = (path: string, method: string) => doc.paths[path]![method]!;
const codesAt = (op: any, status: number): string[] =>
  Object.keys(op.responses[String(status)]?.content?.['application/problem+json']?.examples ?? {});

describe('partner operations in the OpenAPI document', () => {
  const partnerRoutes = routes.filter((r) => r.path.startsWith('/partner/'));

  it('describes every partner operation, with the decisions taken where the contract is silent', () => {
    expect(partnerRoutes.map((r) => r.operationId)).toEqual(
      expect.arrayContaining(['createApiKey', 'listApiKeys', 'revokeApiKey', 'lookupPlaque', 'preparePlaque', 'buyPlaque', 'getOrder']),
    );
    // The partner's money is a group of its own (lib/http/operations/money/).
    const money = /^\/partner\/(balance|ledger|statements\/)/;
    for (const route of partnerRoutes) {
      const op = operation(route.path, route.method.toLowerCase());
      expect(op.tags, route.operationId).toEqual([money.test(route.path) ? 'Money' : 'Partner']);
      expect(op.description, route.operationId).toBeTruthy();
    }
  });

  it("lists the buy's Idempotency-Key header and every code it may answer", () => {
    const buy = operation('/partner/plaques/{id}/buy', 'post');
    expect(buy.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(buy.responses['201']).toBeDefined();
    expect(codesAt(buy, 409).sort()).toEqual([
      'CONFLICT',
      'IDEMPOTENCY_MISMATCH',
      'INVALID_STATE',
      'REQUEST_IN_PROGRESS',
      'RESERVATION_INVALID',
    ]);
    expect(codesAt(buy, 403)).toContain('FORBIDDEN');
    expect(codesAt(buy, 503)).toContain('SERVICE_UNAVAILABLE');
  });

  it("documents the revocation's 204 and the other operations' not-found codes", () => {
    expect(operation('/partner/api-keys/{id}', 'delete').responses['204']).toBeDefined();
    expect(codesAt(operation('/partner/api-keys/{id}', 'delete'), 404)).toContain('API_KEY_NOT_FOUND');
    expect(codesAt(operation('/partner/api-keys', 'post'), 409)).toEqual([
      'KEY_LIMIT_REACHED',
      'CONFLICT',
      'IDEMPOTENCY_MISMATCH',
      'REQUEST_IN_PROGRESS',
    ]);
    expect(operation('/partner/api-keys', 'get').security).toEqual([{ bearer: [] }]);
    expect(codesAt(operation('/partner/orders/{orderId}', 'get'), 404)).toContain('ORDER_NOT_FOUND');
    expect(codesAt(operation('/partner/plaques/{id}/prepare', 'post'), 409)).toEqual([
      'NOT_AVAILABLE',
      'IDEMPOTENCY_MISMATCH',
      'REQUEST_IN_PROGRESS',
    ]);
    expect(codesAt(operation('/partner/plaques/{id}/lookup', 'get'), 404)).toContain('PLAQUE_NOT_FOUND');
  });
});
