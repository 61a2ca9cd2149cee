// GET|POST /auth/evaluate-email-verification-code: spends the code and signs in; GET reads the query, POST a JSON body.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { evaluateEmailVerificationCode, evaluateEmailVerificationCodePost } from '#lib/http/operations/auth/verify-email.ts';
import { signInClient } from '#lib/accounts/sign-in-client.ts';
import { evaluateCode } from '#lib/accounts/sign-in.ts';

export const handler = httpHandler([evaluateEmailVerificationCode, evaluateEmailVerificationCodePost], async ({ input, ctx, request }) => {
  const sourceIp = request.event.requestContext?.identity?.sourceIp;
  return ok(await evaluateCode(ctx, input.email, input.code, signInClient(sourceIp), sourceIp));
});
