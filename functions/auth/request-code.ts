// POST /auth/email-verification-code: sign-up and sign-in in one; issues a 6-digit code, mailed by the code mail sender
// (202 for new and known addresses alike, after the same work).
import { httpHandler } from '#lib/http/handler.ts';
import { accepted } from '#lib/http/response.ts';
import { requestEmailVerificationCode } from '#lib/http/operations/auth/request-code.ts';
import { signInClient } from '#lib/accounts/sign-in-client.ts';
import { requestCode } from '#lib/accounts/sign-in.ts';

export const handler = httpHandler(requestEmailVerificationCode, async ({ input, ctx, request }) =>
  accepted(await requestCode(ctx, input.email, signInClient(request.event.requestContext?.identity?.sourceIp))),
);
