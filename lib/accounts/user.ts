// The user record and its rules: what is stored, what a client sees (never the hash, code or phone; its shape is
// userSchema in lib/accounts/response-schemas.ts), masking, default and valid usernames.
import type { userSchema } from '#lib/accounts/response-schemas.ts';
import type { Shape } from '#lib/schema.ts';

/** The User resource of the API: exactly the schema's members. */
export type User = Shape<typeof userSchema>;

/** The record as stored: the public fields plus what never leaves the service. */
export interface StoredUser extends User {
  /** Storage key of `image`, so a replaced image can be removed. */
  imageKey: string | null;
  /** `scrypt$…` (see lib/auth/password.ts); null until the user sets a password. */
  passwordHash: string | null;
  /** E.164. */
  phoneNumber: string | null;
  /** Tokens carry it as `tv`; raising it (password change) invalidates every token issued before. */
  tokenVersion: number;
}

const defaultUsername = (id: number): string => `user${id}`;

export function newUser(init: { id: number; email: string; walletAddress: string; now: Date }): StoredUser {
  const at = init.now.toISOString();
  return {
    id: init.id,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    email: init.email,
    username: defaultUsername(init.id),
    image: null,
    imageKey: null,
    walletAddress: init.walletAddress,
    receiveEmail: true,
    canGetDeltaEnergy: false,
    emailVerify: false,
    emailVerificationCodeExpireTime: null,
    access: [],
    paymentCustomerId: null,
    totalEnergyReceived: 0,
    totalPings: 0,
    isServiceWallet: true,
    passwordHash: null,
    phoneNumber: null,
    tokenVersion: 1,
  };
}

/** `0x1234…abcd`: the first 6 and last 4 characters around one U+2026 ellipsis. */
export function maskWallet(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}\u2026${address.slice(-4)}`;
}

/** `alice@example.com` → `a***@example.com`: enough for the owner to recognise, nothing for a bystander. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** What a client sees; the wallet is masked unless the viewer owns it. */
export function presentUser(user: StoredUser, { viewerIsOwner }: { viewerIsOwner: boolean }): User {
  return {
    id: user.id,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    deletedAt: user.deletedAt,
    email: user.email,
    username: user.username,
    image: user.image,
    walletAddress: viewerIsOwner ? user.walletAddress : maskWallet(user.walletAddress),
    receiveEmail: user.receiveEmail,
    canGetDeltaEnergy: user.canGetDeltaEnergy,
    emailVerify: user.emailVerify,
    emailVerificationCodeExpireTime: user.emailVerificationCodeExpireTime,
    access: [...user.access],
    paymentCustomerId: user.paymentCustomerId,
    totalEnergyReceived: user.totalEnergyReceived,
    totalPings: user.totalPings,
    isServiceWallet: user.isServiceWallet,
  };
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

/** 3–30 characters of `[A-Za-z0-9_.]`. */
export const isValidUsername = (username: string): boolean => USERNAME_PATTERN.test(username);

/** Length limits of a password a user sets (characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Lookalike folding (a documented folding in the spirit of the confusables skeleton of Unicode TS #39, narrowed to the
 * username alphabet `[A-Za-z0-9_.]`): after lower-casing, each character read like another folds to one
 * representative: `0` as `o`; `1`, `l` (and so `I`, `L`) as `i`; `5` as `s`; `2` as `z`; `3` as `e`; `8` as `b`; `9`
 * and `q` as `g`; `v` as `u`, and `w` as two of them (so `w`, `vv` and `uu` meet). `6` is not read as `b`: `8` is
 * already, and folding both would make the default names `user6` and `user8` (every account's first name, `user<id>`)
 * pass for each other.
 */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '2': 'z',
  '3': 'e',
  '5': 's',
  '8': 'b',
  '9': 'g',
  q: 'g',
  v: 'u',
  w: 'uu',
};

/**
 * What a username looks like to a reader, its skeleton: lower case, without separators (`.`, `_`), lookalike
 * characters folded (LOOKALIKES), then the pairs read as one letter: `cl` (and so `cI`, `c1`, `ci`) as `d`; `rn` and
 * `nn` as `m`. Two names with one skeleton pass for each other (`alicekvm5`, `aIicekvm5`, `a1icekvm5`, `a.licekvm5`;
 * `rnary`, `nnary` and `mary`; `vves` and `wes`; `clave` and `dave`), so a username is claimed by its skeleton.
 *
 * The `m` pairs are folded through their spelling in `n`s, so that every way of reading a run of them meets (`rnn` reads
 * as `mn` and as `rm`, `nnn` as `mn` and as `nm`): `m` is written `nn`, every `r` before an `n` becomes an `n`, then each
 * `nn` from the left is written `m` again. Idempotent: a skeleton holds none of the characters folded away, no `ci`, no
 * `nn` and no `r` before an `m` or an `n`.
 */
export const usernameSkeleton = (username: string): string =>
  username
    .toLowerCase()
    .replace(/[._]/g, '')
    .replace(/[012358lv9qw]/g, (c) => LOOKALIKES[c]!)
    .replace(/ci/g, 'd')
    .replace(/m/g, 'nn')
    .replace(/r+(?=n)/g, (run) => 'n'.repeat(run.length))
    .replace(/nn/g, 'm');

/**
 * The skeleton names were claimed by until migration 0005 (lib/migrations/username-refold.ts) folded more lookalikes:
 * lower case, no separators, `0 1 l 5 2 8 v w` folded as above, then `rn` as `m`. Kept to find and release those claims.
 */
export const earlierUsernameSkeleton = (username: string): string =>
  username
    .toLowerCase()
    .replace(/[._]/g, '')
    .replace(/[0125lv8w]/g, (c) => LOOKALIKES[c]!)
    .replace(/rn/g, 'm');

/**
 * The claims a username may hold: its skeleton, its earlier skeleton (before migration 0005), and the lower-case name
 * itself, which names were claimed by before they were claimed by skeleton (the rename releases them too, should a
 * migration not have replaced them yet).
 */
export const usernameClaimsOf = (username: string): string[] => [
  ...new Set([usernameSkeleton(username), username.toLowerCase(), earlierUsernameSkeleton(username)]),
];

/** The skeleton of a default name `user<digits>`: `user`, then what the digits fold to. */
const DEFAULT_NAME_SKELETON = /^user[0-9oizesbg]+$/;

/**
 * The service's own account's username (valid under the username rules): partners see it as the owner of every
 * plaque until it is sold, so no user may take it, in any casing.
 */
export const SERVICE_USERNAME = 'plaques';

/**
 * Names nobody may take, in any casing, with separators or with lookalike characters (compared by skeleton): the
 * service account's own name and the names a reader would take for the service speaking.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  SERVICE_USERNAME,
  'plaque',
  'admin',
  'administrator',
  'root',
  'superuser',
  'sysadmin',
  'support',
  'system',
  'api',
  'dashboard',
  'null',
  'undefined',
  'nil',
  'none',
  'nobody',
  'anonymous',
  'everyone',
  'help',
  'helpdesk',
  'security',
  'staff',
  'moderator',
  'mod',
  'owner',
  'official',
  'service',
  'services',
  'team',
  'operator',
  'marketplace',
  'partner',
  'partners',
  'billing',
  'payments',
  'wallet',
  'account',
  'accounts',
  'auth',
  'login',
  'signin',
  'signup',
  'verify',
  'verified',
  'info',
  'contact',
  'abuse',
  'noreply',
  'postmaster',
  'webmaster',
  'hostmaster',
  'mail',
  'email',
  'status',
  'user',
  'users',
  'guest',
  'test',
  'bot',
  'www',
  'legal',
  'privacy',
  'terms',
];
const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

/**
 * Whether `username` is reserved against user `userId`. `user<digits>` names are the defaults new accounts get
 * (`user<id>`), so nobody may take one that is not their own, nor one that passes for it: otherwise a future account's
 * default name could already be claimed, or imitated. RESERVED_USERNAMES are nobody's.
 */
export const isReservedFor = (username: string, userId: number): boolean => {
  const skeleton = usernameSkeleton(username);
  if (RESERVED_SKELETONS.has(skeleton)) return true;
  return DEFAULT_NAME_SKELETON.test(skeleton) && skeleton !== usernameSkeleton(defaultUsername(userId));
};

/** Emails are compared and claimed in lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
