// The table stream's event filter patterns (Lambda FilterCriteria, also read by the local stream poller), written in
// DynamoDB's attribute form here alone: a consumer names the entity, the kinds of write and the string attributes its
// records must hold, and never spells `{ S: [...] }` itself.
import type { ENTITY } from '#lib/db/keys.ts';

type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

/** String attributes of an image and the values each may hold. */
type ImageMatch = Readonly<Record<string, readonly string[]>>;

const stringsOf = (match: ImageMatch) => Object.fromEntries(Object.entries(match).map(([name, values]) => [name, { S: [...values] }]));

/**
 * A pattern matching the writes (`events`) of one entity (or any of several) whose new image holds each attribute of `newImage` at one of
 * its values and, for a MODIFY, whose old image held each attribute of `oldImage` at one of its values (a filter
 * cannot compare the two images, so a change is written as the values before and after).
 */
export function writesOf(
  entity: (typeof ENTITY)[keyof typeof ENTITY] | readonly (typeof ENTITY)[keyof typeof ENTITY][],
  events: readonly StreamEventName[],
  newImage: ImageMatch = {},
  oldImage?: ImageMatch,
) {
  return {
    eventName: [...events],
    dynamodb: {
      ...(oldImage && { OldImage: stringsOf(oldImage) }),
      NewImage: { entity: { S: typeof entity === 'string' ? [entity] : [...entity] }, ...stringsOf(newImage) },
    },
  };
}
