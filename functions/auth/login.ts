// POST /auth/login: email and password → the user and a token.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { login as loginOperation } from '#lib/http/operations/auth/login.ts';
import { login } from '#lib/accounts/sign-in.ts';

export const handler = httpHandler(loginOperation, async ({ input, ctx, request }) =>
  ok(await login(ctx, input.email, input.password, request.event.requestContext?.identity?.sourceIp)),
);
