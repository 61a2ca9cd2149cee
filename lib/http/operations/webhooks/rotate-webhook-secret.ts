// The declaration of rotateWebhookSecret: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { signedInUser } from '#lib/http/principals.ts';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS, rotateSecretBody } from '#lib/webhooks/rotate-schema.ts';
import { idPath, managed } from '#lib/http/operations/webhooks/rules.ts';
import { partnerTag } from '#lib/http/operations/partner/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { webhookSecretSchema } from '#lib/webhooks/response-schemas.ts';

export const rotateWebhookSecret = operation({
  method: 'POST',
  path: '/partner/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  auth: signedInUser,
  // Seals the new secret with the stage's key.
  access: { table: 'readWrite', webhookSecrets: 'seal' },
  summary: "Rotate a webhook endpoint's secret (new secret shown once)",
  description: [
    managed,
    '`secret` is a new secret (`whsec_` and the base64 of 32 random bytes), shown in this answer only and stored encrypted. The one it ' +
      `replaces still signs every delivery beside it for \`expiresInHours\` more hours (0–${MAX_SECRET_OVERLAP_HOURS}, default ` +
      `${DEFAULT_SECRET_OVERLAP_HOURS}; 0 ends it at once): \`webhook-signature\` then carries both signatures, space-separated, so ` +
      'a receiver may switch to the new secret at its own pace. `previousSecretExpiresAt` is when the old secret stops signing (null ' +
      'with 0).',
    "A rotation during an overlap replaces the older secret at once: a delivery carries two signatures at most, the newest secret's " +
      'and the one it replaced. No body, or an empty JSON object, takes the default. `expiresInHours` out of range or not a whole number ' +
      'answers 400 VALIDATION_FAILED; nothing is changed.',
    'Rotations of one endpoint sent at once take turns (each is one update that replaces whatever secret is current then), so ' +
      'each answers 200 with its own secret, never a conflict: the last one stored signs, beside the one it replaced, and a ' +
      'secret replaced at once by a rotation sent with it never signs. Rotate once and wait for the answer before rotating again.',
  ].join('\n\n'),
  tag: partnerTag,
  request: { path: idPath, body: { contentType: 'application/json', schema: rotateSecretBody, required: false } },
  example: example(['webhookId'], ({ webhookId }) => ({ path: { id: webhookId }, body: { expiresInHours: 24 } })),
  responses: { 200: { description: 'The new secret (shown only here)', schema: shapeNamed<typeof webhookSecretSchema>('WebhookSecret') } },
  errors: { 404: ['WEBHOOK_NOT_FOUND'] },
});
