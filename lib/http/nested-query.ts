// Query strings → nested objects with `qs` (bracket form `filters[condition][]=X`), with depth and size limits.
// Only operations that take nested parameters import it. Bundles give qs a stand-in for its polyfilled side channels
// (lib/runtime/side-channel-stand-in.cts); qs itself still costs a few ms of cold start.
import qs from 'qs';
import { validationFailed } from '#lib/errors.ts';

/** Longest query string accepted, in characters once re-encoded (API Gateway itself allows 10 240). */
export const MAX_QUERY_LENGTH = 8192;
const DEPTH = 3;
const ARRAY_LIMIT = 100;
const PARAMETER_LIMIT = 200;

/**
 * API Gateway hands over already-decoded name/value lists; re-encode them and let `qs` build the
 * nested structure, so `filters[condition][0]=VIRGIN` and `filters[condition][]=VIRGIN` agree.
 */
export function parseNestedQuery(multiValue: Record<string, string[] | undefined> | null | undefined): Record<string, unknown> {
  if (!multiValue) return {};
  const pairs: string[] = [];
  for (const [name, values] of Object.entries(multiValue)) {
    for (const value of values ?? []) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const text = pairs.join('&');
  if (text.length > MAX_QUERY_LENGTH) {
    throw validationFailed([{ path: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` }]);
  }
  try {
    return qs.parse(text, {
      depth: DEPTH,
      strictDepth: true,
      arrayLimit: ARRAY_LIMIT,
      parameterLimit: PARAMETER_LIMIT,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
      plainObjects: true,
      duplicates: 'combine',
    }) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof RangeError) {
      throw validationFailed([{ path: 'query', message: `is too deep or has too many parameters (${error.message})` }]);
    }
    throw error;
  }
}
