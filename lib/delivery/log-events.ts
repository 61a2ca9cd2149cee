// Log messages operators alert on: the infrastructure turns these into metrics, so their text is a contract.

/** Logged once per order the worker marks FAILED (a successful invocation, so no Lambda error metric sees it). */
export const DELIVERY_FAILED_MESSAGE = 'order delivery failed';
