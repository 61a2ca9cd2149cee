// The response shapes of the accounts operations (and the multipart form, for the OpenAPI document): the one
// declaration of each answer's shape. The domain's types are z.infer of these schemas, imported as types only: no
// deployed function builds them at cold start; the operation manifest's readers (the OpenAPI writer, the CDK app, the
// local server) and tests do. Kept apart from the request schemas, which every handler builds.
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from '#lib/accounts/user.ts';

const timestamp = z.iso.datetime();

/** The multipart request body, for the OpenAPI document: closed (an unknown part is refused) and at least one part. */
export const profileFormDoc = z
  .strictObject({
    image: z.optional(
      z
        .string()
        .register(z.globalRegistry, { format: 'binary', description: 'PNG, JPEG, WebP or GIF; at most 4 MiB and 4096 × 4096 pixels' }),
    ),
    username: z.optional(z.string().check(z.regex(USERNAME_PATTERN))),
    password: z.optional(z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))),
    currentPassword: z.optional(z.string()),
    phoneNumber: z.optional(z.string().check(z.regex(/^\+[0-9]{8,15}$/))),
  })
  .register(z.globalRegistry, { minProperties: 1 });

export const userSchema = z
  .object({
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
