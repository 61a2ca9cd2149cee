// The declaration of updateProfile: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '#lib/accounts/image-limits.ts';
import { RESERVED_USERNAMES, SERVICE_USERNAME } from '#lib/accounts/user.ts';
import { accountsTag } from '#lib/http/operations/auth/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { profileFormDoc, signedInSchema } from '#lib/accounts/response-schemas.ts';

export const updateProfile = operation({
  method: 'POST',
  path: '/auth/profile',
  operationId: 'updateProfile',
  auth: signedInUser,
  // Decoding and checking a 4 MiB image needs memory; a password change returns a fresh token.
  access: { table: 'readWrite', writesMedia: 'users/', jwtKeys: true, memorySize: 1024 },
  summary: 'Update the own profile (multipart/form-data)',
  description: [
    'Parts, all optional, at least one: `image` (a file part), `username`, `password`, `currentPassword`, `phoneNumber` ' +
      '(text parts). Each part at most once; any other part, a repeated part, an image sent as text or a text part sent as ' +
      'a file answers 400 VALIDATION_FAILED naming it. A body that is not well-formed multipart (no boundary, truncated, ' +
      'a header line starting with whitespace, a part without a name) answers 400 MALFORMED_MULTIPART.',
    'Checks, in order: every text part (400, all at once), the image (413/415), the current password (401), the username ' +
      'claim (409). Nothing is written unless all pass.',
    '`username`: kept as typed, and unique by what it looks like: two names that pass for each other cannot both be ' +
      'taken (409 USERNAME_TAKEN). Names are compared by their skeleton: lower case, without separators (`.`, `_`), ' +
      'with lookalike characters folded (0 as o; 1, I and l as i; 5 as s; 2 as z; 3 as e; 8 as b; 9 and q as g; v as u ' +
      'and w as uu; then cl, and so cI, c1 and ci, as d; rn and nn as m, every reading of a run of them alike: rnn, rm, nm, mn ' +
      'and nnn are one name), so with `alicekvm5` taken, `aIicekvm5`, `a1icekvm5` and `a.licekvm5` are taken too, as are ' +
      '`mary` and `nnary` for `rnary`, `vves` for `wes`, `dave` for `clave` and `bobe` for `bob3`. The holder may write its own ' +
      'name another way (same skeleton); changing to a name with another skeleton frees the old one.',
    '6 is not folded as b, though it passes for one: 8 is, and folding both would make the default names `user6` and ' +
      '`user8` (every account starts with `user<id>`) one name. A fold refuses some honest names too (`lucia` once `luda` is ' +
      'taken): the price of no name passing for another.',
    'Names of the form `user<digits>` are reserved for new accounts: only the account with that id may take it (or a ' +
      `lookalike of it). Nobody may take these names or their lookalikes: ${RESERVED_USERNAMES.map((n) => `\`${n}\``).join(', ')} ` +
      `(\`${SERVICE_USERNAME}\` is the service account's name, shown to partners as the owner of unsold plaques).`,
    'Names given before names were compared by skeleton, or by a narrower folding, stay as they are, even where two of them pass for each other: ' +
      'one of the two holds the skeleton (the one that held the claim it replaces, else the one whose name was already ' +
      'written as its skeleton, else the older account) and the other keeps its name, but cannot take it back, nor another spelling of it, once it changed it; ' +
      'should the holder change its name first, the skeleton passes to the other, so it stays taken while a name shows it.',
    '`password`: 8–128 characters. When a password exists, `currentPassword` must match (401 INVALID_CREDENTIALS if it is ' +
      'missing or wrong). Setting or changing it logs out every older token. `currentPassword` without `password` is a 400; ' +
      'sent while no password exists, it is ignored.',
    `\`image\`: PNG, JPEG, WebP or GIF recognised by content; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB and ` +
      `${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels (read from the header), else 413 PAYLOAD_TOO_LARGE; other content is ` +
      '415 UNSUPPORTED_IMAGE, whatever its declared type, and so is an image without its end marker. The image is stored ' +
      'up to its end marker (anything after it is dropped) and served as its detected type with ' +
      '`X-Content-Type-Options: nosniff` and a Content-Security-Policy that runs nothing. A new image gets a new URL; ' +
      'the replaced one is removed.',
    '`phoneNumber`: E.164 (`+` and 8–15 digits). It is stored, never returned.',
    'Two updates of one profile racing each other: the second answers 409 CONCURRENT_UPDATE when it would overwrite a ' +
      'password or image it did not read; read the profile and try again.',
    'The response always carries a fresh token for the current token version.',
  ].join('\n\n'),
  tag: accountsTag,
  request: { body: { contentType: 'multipart/form-data', schema: shapeNamed<typeof profileFormDoc>('ProfileForm') } },
  example: example([], () => ({ body: { phoneNumber: '+4915112345678' } })),
  responses: { 201: { description: 'The updated user and a fresh token', schema: shapeNamed<typeof signedInSchema>('SignedIn') } },
  errors: {
    400: ['VALIDATION_FAILED', 'MALFORMED_MULTIPART'],
    401: ['INVALID_CREDENTIALS'],
    409: ['USERNAME_TAKEN', 'CONCURRENT_UPDATE'],
    413: ['PAYLOAD_TOO_LARGE'],
    415: ['UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_IMAGE'],
  },
});
