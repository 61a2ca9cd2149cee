// The accounts operations in the published OpenAPI document: valid, and naming every error code the interface gives them.
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { openApiDocument } from '#lib/http/openapi.ts';

const document = openApiDocument() as Record<string, any>;
const codesOf = (path: string, method: string): string[] =>
  Object.values(document.paths[path][method].responses as Record<string, any>).flatMap((r) =>
    Object.keys(r.content?.['application/problem+json']?.examples ?? {}),
  );

describe('accounts in the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('names the error codes of every account operation', () => {
    expect(codesOf('/auth/email-verification-code', 'post')).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'RESEND_TOO_SOON', 'TOO_MANY_CODES']),
    );
    for (const method of ['get', 'post']) {
      expect(codesOf('/auth/evaluate-email-verification-code', method)).toEqual(
        expect.arrayContaining(['VALIDATION_FAILED', 'CODE_MISMATCH', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS']),
      );
    }
    expect(codesOf('/auth/login', 'post')).toEqual(expect.arrayContaining(['INVALID_CREDENTIALS', 'TOO_MANY_LOGIN_ATTEMPTS']));
    expect(codesOf('/auth/profile', 'get')).toEqual(expect.arrayContaining(['UNAUTHORIZED']));
    expect(codesOf('/auth/profile', 'post')).toEqual(
      expect.arrayContaining([
        'VALIDATION_FAILED',
        'UNAUTHORIZED',
        'INVALID_CREDENTIALS',
        'USERNAME_TAKEN',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_IMAGE',
        'UNSUPPORTED_MEDIA_TYPE',
      ]),
    );
  });

  it('describes the User with exactly its fields, and the profile form as multipart', () => {
    const component = (schema: { $ref?: string }) =>
      schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const user = component(document.paths['/auth/profile'].get.responses['200'].content['application/json'].schema);
    expect(Object.keys(user.properties)).toHaveLength(17);
    expect(user.properties.walletAddress).toEqual({ type: 'string' });
    const form = component(document.paths['/auth/profile'].post.requestBody.content['multipart/form-data'].schema);
    expect(Object.keys(form.properties).sort()).toEqual(['currentPassword', 'image', 'password', 'phoneNumber', 'username']);
    expect(document.paths['/auth/profile'].post.security).toEqual([{ bearer: [] }]);
  });
});
