// GET|POST /auth/evaluate-email-verification-code: spends the code and signs in; GET reads the query, POST a JSON body.
import { httpHandler } from '#lib/http/handler.ts';
import { signInClient } from '#lib/accounts/sign-in-client.ts';
import { ok } from '#lib/http/response.ts';
import { evaluateCodeInput } from '#lib/accounts/evaluate-code-schema.ts';
import { evaluateCode } from '#lib/accounts/sign-in.ts';

export const handler = httpHandler(
  {
    operation: ['evaluateEmailVerificationCode', 'evaluateEmailVerificationCodePost'],
    input: { schema: evaluateCodeInput, read: (request) => (request.method === 'GET' ? request.query : (request.body ?? {})) },
  },
  async ({ input, ctx, request }) =>
    ok(await evaluateCode(ctx, input.email, input.code, signInClient(request.event.requestContext?.identity?.sourceIp))),
);
