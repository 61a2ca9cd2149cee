// The kinds of a plaque's activity, named once: the entries' type (lib/plaques/activity-record.ts), the answers'
// enumeration (response-schemas.ts) and the `type` filter (activity-schemas.ts). A module of its own, imported by
// the schemas without the record's types behind it.
export const ACTIVITY_TYPES = ['sale', 'mint', 'cancel', 'price_change', 'listing'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
