// The body one endpoint receives for an event: the event as it was made (`type`, `timestamp`, `data`, kept in the
// newest shape, or an older one for an event made before versions), with the `apiVersion` the endpoint is pinned to
// and `data` in that version's shape (lib/versions/versions.ts). An endpoint's pin never moves, so every retry and
// resend of an event to it carries the same bytes.
import type { WebhookEndpoint } from '#lib/db/webhook-repo.ts';
import { shapeEventData, UNPINNED_API_VERSION, type ApiVersion } from '#lib/versions/versions.ts';

/** The API version the endpoint's deliveries are shaped for: one registered before pins gets the shapes it was made with. */
export const endpointVersion = (endpoint: Pick<WebhookEndpoint, 'version'>): ApiVersion => endpoint.version ?? UNPINNED_API_VERSION;

/** The event's body as `version` shapes it, with `apiVersion` beside `type` and `timestamp`. */
export function versionedEventBody(body: string, version: ApiVersion): string {
  const { type, timestamp, data, ...rest } = JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };
  return JSON.stringify({ type, timestamp, apiVersion: version, ...rest, data: shapeEventData(type, data, version) });
}
