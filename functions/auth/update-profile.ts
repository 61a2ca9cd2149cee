// POST /auth/profile (multipart/form-data): image, username, password, phone number; 201 with the user and a fresh token.
import { httpHandler } from '#lib/http/handler.ts';
import { created } from '#lib/http/response.ts';
import { updateProfile as updateProfileOperation } from '#lib/http/operations/auth/update-profile.ts';
import { readProfileForm } from '#lib/accounts/profile-form.ts';
import { updateProfile } from '#lib/accounts/profile-update.ts';

export const handler = httpHandler(updateProfileOperation, async ({ principal, ctx, request }) => {
  const form = await readProfileForm(request.event, request.headers['content-type']);
  return created(await updateProfile(ctx, principal, form));
});
