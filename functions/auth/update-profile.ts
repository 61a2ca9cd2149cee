// POST /auth/profile (multipart/form-data): image, username, password, phone number; 201 with the user and a fresh token.
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { readProfileForm } from '#lib/accounts/profile-form.ts';
import { updateProfile } from '#lib/accounts/profile-update.ts';

export const handler = httpHandler(
  { operation: 'updateProfile', principal: signedInUser, body: 'raw' },
  async ({ principal, ctx, request }) => {
    const form = await readProfileForm(request.event, request.headers['content-type']);
    return created(await updateProfile(ctx, principal, form));
  },
);
