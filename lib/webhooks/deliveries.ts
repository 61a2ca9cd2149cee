// What the webhook sender keeps of each event for each endpoint: the delivery (its lane, its place in it, the attempts
// so far and when the next is due) and each attempt as the delivery log shows it. The repository (lib/db/webhook-repo.ts)
// stores these shapes.
import type { Shape } from '#lib/schema.ts';
import type { Lane } from '#lib/webhooks/queue.ts';
import type { webhookAttemptSchema } from '#lib/webhooks/response-schemas.ts';

/** One event waiting for one endpoint, at `position` in its lane. */
export interface WebhookDelivery extends Lane {
  position: string;
  eventId: string;
  /** Attempts begun so far (a claim counts one before it sends), from `attemptsBefore` on. */
  attempts: number;
  /**
   * Attempts of the event at this endpoint logged before this delivery was made (a resend's): its attempts are numbered
   * on from them, its retries scheduled from its own first.
   */
  attemptsBefore: number;
  /** Not sent before this time. */
  nextAttemptAt: string;
  /** The attempt under way, until its lease lapses. */
  leaseId: string | null;
  leaseUntil: string | null;
  createdAt: string;
}

/**
 * One attempt as the delivery log answers it (webhookAttemptSchema), with the endpoint it was made to; `orderId` is
 * absent on attempts logged before it was recorded (the log then reads it from the stored event).
 */
export type WebhookAttempt = Omit<Shape<typeof webhookAttemptSchema>, 'orderId'> & { endpointId: string; orderId?: string | null };

/**
 * An event's delivery to one lane of an endpoint as it is first stored: due at once, not yet tried, not leased; a
 * resend's numbers its attempts on from the `attemptsBefore` the event already had there.
 */
export const newDelivery = (lane: Lane, position: string, eventId: string, now: string, attemptsBefore = 0): WebhookDelivery => ({
  ...lane,
  position,
  eventId,
  attempts: attemptsBefore,
  attemptsBefore,
  nextAttemptAt: now,
  leaseId: null,
  leaseUntil: null,
  createdAt: now,
});
