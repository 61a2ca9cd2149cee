// Updating one's own profile: every part judged before anything is written, then the image stored, then the record
// (with the username claim) changed in one transaction, then the replaced image removed.
import { randomUUID } from 'node:crypto';
import { conflict, unauthorized, validationFailed } from '#lib/errors.ts';
import { parseInput } from '#lib/validation.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { dbOf } from '#lib/db/client.ts';
import { userRepo, type ProfileChanges, type ProfileUpdateOutcome } from '#lib/db/user-repo.ts';
import { hashPassword, verifyPassword } from '#lib/auth/password.ts';
import { mediaUrl } from '#lib/media/media-url.ts';
import { mediaOf } from '#lib/media/storage.ts';
import { inspectImage } from '#lib/accounts/profile-image.ts';
import type { ProfileForm } from '#lib/accounts/profile-form.ts';
import { profileTextInput } from '#lib/accounts/profile-schemas.ts';
import { signedIn, type SignedIn } from '#lib/accounts/sign-in.ts';
import { isReservedFor, usernameClaimsOf, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';

/** Storage key of a new profile image: under the user's folder, never reused. */
const imageKey = (userId: number, extension: string) => `users/${userId}/${randomUUID()}.${extension}`;

/**
 * POST /auth/profile for `user` (already authenticated). Order of refusals: 400 for any ill-formed text part,
 * 413/415 for the image, 401 INVALID_CREDENTIALS for a missing or wrong current password, 409 USERNAME_TAKEN.
 * Nothing is written unless every part is valid. → the updated user and a fresh token.
 */
export async function updateProfile(ctx: AppContext, user: StoredUser, form: ProfileForm): Promise<SignedIn> {
  const text = parseInput(profileTextInput, form.text);
  if (text.currentPassword !== undefined && text.password === undefined) {
    throw validationFailed([{ path: 'currentPassword', message: 'is only accepted together with password' }]);
  }
  const image = form.image ? inspectImage(form.image.bytes) : undefined;

  const changes: ProfileChanges = {};
  if (text.username !== undefined && text.username !== user.username) {
    if (isReservedFor(text.username, user.id)) {
      throw conflict('USERNAME_TAKEN', `${text.username} is reserved (or passes for a reserved name, or another account's user<number>)`);
    }
    changes.username = { name: text.username, claim: usernameSkeleton(text.username), released: usernameClaimsOf(user.username) };
  }
  if (text.password !== undefined) {
    if (user.passwordHash !== null) {
      const current = text.currentPassword;
      if (current === undefined || !(await verifyPassword(current, user.passwordHash))) {
        throw unauthorized('INVALID_CREDENTIALS', 'currentPassword is missing or wrong');
      }
    }
    changes.passwordHash = await hashPassword(text.password);
  }
  if (text.phoneNumber !== undefined) changes.phoneNumber = text.phoneNumber;

  let stored: string | undefined;
  if (image) {
    stored = imageKey(user.id, image.extension);
    await mediaOf(ctx).put(stored, image.bytes, image.contentType);
    changes.image = { url: mediaUrl(ctx.mediaBaseUrl, stored), key: stored };
  }

  // When the record does not change, the new image must not stay behind.
  const discardNewImage = async () => {
    if (stored)
      await mediaOf(ctx)
        .remove(stored)
        .catch(() => undefined);
  };
  let outcome: ProfileUpdateOutcome;
  try {
    outcome = await userRepo(dbOf(ctx), ctx.tableName).updateProfile(user, changes, ctx.now());
  } catch (error) {
    await discardNewImage();
    throw error;
  }
  if (outcome.kind === 'username-taken') {
    await discardNewImage();
    throw conflict('USERNAME_TAKEN', `the username ${changes.username?.name} is taken, or another one that passes for it`);
  }
  if (outcome.kind === 'changed') {
    await discardNewImage();
    throw conflict('CONCURRENT_UPDATE', 'the profile was changed by another request meanwhile; read it and try again');
  }
  const updated = outcome.user;
  // A failed removal leaves an unreferenced object behind; the update itself has succeeded and stands.
  if (stored && user.imageKey)
    await mediaOf(ctx)
      .remove(user.imageKey)
      .catch(() => undefined);
  return signedIn(ctx, updated);
}
