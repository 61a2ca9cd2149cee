// POST /auth/login: email and password → the user and a token.
import { httpHandler } from '#lib/http/handler.ts';
import { ok } from '#lib/http/response.ts';
import { loginInput } from '#lib/accounts/login-schema.ts';
import { login } from '#lib/accounts/sign-in.ts';

export const handler = httpHandler(
  { operation: 'login', input: { schema: loginInput, read: (request) => request.body ?? {} } },
  async ({ input, ctx }) => ok(await login(ctx, input.email, input.password)),
);
