// Response shapes (and the multipart form) of the accounts operations, as zod schemas for the OpenAPI document.
// Kept apart from the request schemas: only the OpenAPI function builds these, not every handler at cold start.
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '#lib/accounts/user.ts';

const timestamp = z.iso.datetime();

/** The multipart request body, for the OpenAPI document. */
export const profileFormDoc = z.object({
  image: z.optional(
    z
      .string()
      .register(z.globalRegistry, { format: 'binary', description: 'PNG, JPEG, WebP or GIF; at most 4 MiB and 4096 × 4096 pixels' }),
  ),
  username: z.optional(z.string().check(z.regex(USERNAME_PATTERN))),
  password: z.optional(z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))),
  currentPassword: z.optional(z.string()),
  phoneNumber: z.optional(z.string().check(z.regex(/^\+[0-9]{8,15}$/))),
});

export const userSchema = z
  .object({
    id: z.int().check(z.positive()),
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: z.nullable(timestamp),
    email: z.string(),
    username: z.string(),
    image: z.nullable(z.string()),
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
  })
  .register(z.globalRegistry, { id: 'User' });

export const codeSentSchema = z
  .object({
    sentTo: z.string(),
    expiresAt: timestamp,
    resendAvailableAt: timestamp,
  })
  .register(z.globalRegistry, { id: 'CodeSent' });

export const signedInSchema = z.object({ user: userSchema, token: z.string() }).register(z.globalRegistry, { id: 'SignedIn' });

export const jwksSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string(),
        y: z.string(),
        kid: z.string(),
        alg: z.literal('ES256'),
        use: z.literal('sig'),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'Jwks' });
