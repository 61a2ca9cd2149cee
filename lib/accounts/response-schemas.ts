// The response shapes of the accounts operations (and the multipart form, for the OpenAPI document): the one
// declaration of each answer's shape, as components built on first use (lib/schema.ts). The domain's types are
// `Shape` of these, imported as types only. Kept apart from the request schemas, which every handler builds.
import * as z from 'zod/mini';
import { component, inlineComponent } from '#lib/schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '#lib/accounts/user.ts';

/** The multipart request body, for the OpenAPI document: closed (an unknown part is refused) and at least one part. */
export const profileFormDoc = inlineComponent(
  'ProfileForm',
  () =>
    z.strictObject({
      // A file part: bytes of any type as far as the document goes (OpenAPI 3.1 writes binary content by its media type,
      // not as a string), so generated clients take a Blob or File; the service recognises the image by its content.
      image: z.optional(
        z.unknown().register(z.globalRegistry, {
          contentMediaType: 'application/octet-stream',
          description: 'PNG, JPEG, WebP or GIF; at most 4 MiB and 4096 × 4096 pixels',
        }),
      ),
      username: z.optional(z.string().check(z.regex(USERNAME_PATTERN))),
      password: z.optional(z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))),
      currentPassword: z.optional(z.string()),
      phoneNumber: z.optional(z.string().check(z.regex(/^\+[0-9]{8,15}$/))),
    }),
  { minProperties: 1 },
);

export const userSchema = component('User', () => {
  const timestamp = z.iso.datetime();
  return z.object({
    id: z.int().check(z.positive()),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: z.nullable(timestamp),
    // Lower-cased; unique (claimed in the same transaction as the user).
    email: z.string(),
    // Kept as typed; unique case-insensitively.
    username: z.string(),
    image: z.nullable(z.string()),
    // EIP-55 address of the user's service wallet.
    walletAddress: z.string(),
    receiveEmail: z.boolean(),
    canGetDeltaEnergy: z.boolean(),
    emailVerify: z.boolean(),
    emailVerificationCodeExpireTime: z.nullable(timestamp),
    access: z.array(z.string()),
    paymentCustomerId: z.nullable(z.string()),
    totalEnergyReceived: z.number(),
    totalPings: z.number(),
    isServiceWallet: z.boolean(),
  });
});

export const codeSentSchema = component('CodeSent', () =>
  z.object({
    sentTo: z.string(),
    expiresAt: z.iso.datetime(),
    resendAvailableAt: z.iso.datetime(),
  }),
);

export const signedInSchema = component('SignedIn', () => z.object({ user: userSchema.schema(), token: z.string() }));
