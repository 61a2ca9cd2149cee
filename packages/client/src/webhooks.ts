// Verifying a webhook delivery as its receiver: the service signs each one as Standard Webhooks says (`webhook-id`,
// `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over `id.timestamp.body` with the endpoint's `whsec_…`
// secret), and verification is the standardwebhooks library's. During a secret rotation a delivery carries two
// signatures; either secret the receiver holds verifies it.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './generated/api.ts';

type Schemas = components['schemas'];

/** A delivery's payload: an order's move or a catalogue event. */
export type WebhookEvent =
  | Schemas['OrderEvent']
  | Schemas['PlaqueListedEvent']
  | Schemas['PlaquePriceChangedEvent']
  | Schemas['PlaqueStatusChangedEvent']
  | Schemas['PlaqueMetadataUpdatedEvent']
  | Schemas['CatalogueImportedEvent'];

export { WebhookVerificationError };

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerRecord(headers: Headers | Record<string, string | string[] | undefined>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const name of HEADERS) {
    const value =
      headers instanceof Headers
        ? headers.get(name)
        : (headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]);
    const text = Array.isArray(value) ? value.join(' ') : value;
    if (typeof text !== 'string' || text === '') throw new WebhookVerificationError(`missing ${name} header`);
    record[name] = text;
  }
  return record;
}

/**
 * The delivery's event when `body` (the raw request body, exactly as received: text or bytes) carries a valid signature by one of
 * `secrets` and a timestamp within five minutes of now; throws `WebhookVerificationError` otherwise.
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
): WebhookEvent {
  const record = headerRecord(headers);
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  if (all.length === 0) throw new WebhookVerificationError('no secret to verify with');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  let last: unknown;
  for (const secret of all) {
    try {
      return new Webhook(secret).verify(text, record) as WebhookEvent;
    } catch (error) {
      last = error;
    }
  }
  throw last;
}
