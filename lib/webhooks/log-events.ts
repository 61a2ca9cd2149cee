// Log messages operators alert on: the infrastructure turns these into metrics, so their text is a contract.

/** Logged for every attempt that did not get a 2xx, with `attempt` (1 for the first try): its maximum shows an endpoint that keeps failing. */
export const WEBHOOK_ATTEMPT_FAILED_MESSAGE = 'webhook attempt failed';

/** Logged once per event given up after its last retry (recorded as failed in the endpoint's delivery log). */
export const WEBHOOK_EVENT_FAILED_MESSAGE = 'webhook event failed';
