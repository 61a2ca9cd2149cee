// Turns zod issues into the problem document's `errors[]` with messages a client developer can read.
import type * as z from 'zod/mini';
import { validationFailed, type FieldError } from '#lib/errors.ts';

type Issue = z.core.$ZodIssue;

/**
 * Text a person reads (a key's name, a URL shown in the dashboard): no control character, no bidirectional control
 * (U+202E and its kin reorder what follows, so `shop\u202Etxt.exe` shows as `shopexe.txt`), no character that shows as
 * nothing, so two names that look the same are the same: Unicode's default-ignorable code points of the Basic
 * Multilingual Plane (U+00AD soft hyphen, U+200B–U+200F zero-width characters, U+2060–U+206F, U+3164 and U+FFA0 Hangul
 * fillers, U+FE00–U+FE0F variation selectors, U+FEFF, …), the line and paragraph separators U+2028 and U+2029, U+2800
 * braille blank and U+FFF9–U+FFFB, and no unpaired surrogate (a UTF-16 half that is no character at all). Written with
 * `\u` escapes and no `u` flag, and read alike with it (test/validation.test.ts), so a client's JSON Schema validator
 * reads the published pattern as the service does: a surrogate pair passes as a whole, which is why characters beyond
 * U+FFFF (emoji among them) are not judged.
 */
export const READABLE_TEXT =
  /^(?:[^\u0000-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
export const READABLE_TEXT_MESSAGE =
  'must not contain control characters, bidirectional controls, invisible characters or unpaired surrogates';

/** zod/mini's message when a schema gives none of its own. */
const DEFAULT_MESSAGE = 'Invalid input';

function describe(issue: Issue): string {
  if (issue.message && issue.message !== DEFAULT_MESSAGE) return issue.message;
  switch (issue.code) {
    case 'too_big': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return issue.inclusive === false ? `must be less than ${issue.maximum}${unit}` : `must be at most ${issue.maximum}${unit}`;
    }
    case 'too_small': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return issue.inclusive === false ? `must be greater than ${issue.minimum}${unit}` : `must be at least ${issue.minimum}${unit}`;
    }
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be an integer' : `must be ${article(issue.expected)} ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'regex') return `must match ${(issue as { pattern?: string }).pattern ?? 'the expected pattern'}`;
      return issue.format === 'datetime' ? 'must be an ISO 8601 date-time' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown member${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not valid';
    default:
      return 'is not valid';
  }
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** `['filters', 'condition', 0]` → `filters.condition[0]`. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => {
    if (typeof part === 'number') return `${acc}[${part}]`;
    return acc ? `${acc}.${String(part)}` : String(part);
  }, '');
}

export function fieldErrors(issues: readonly Issue[], prefix = ''): FieldError[] {
  return issues.map((issue) => {
    const path = issuePath(issue.path);
    return { path: prefix && path ? `${prefix}.${path}` : prefix || path, message: describe(issue) };
  });
}

/** Parses `value` with `schema` or throws 400 VALIDATION_FAILED naming every offending member. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.infer<S>;
  throw validationFailed(fieldErrors(result.error.issues));
}

// Numbers written in a query string, one rule on every operation: an integer is decimal digits with an optional minus
// sign (`20`, `05`, `-1`: the schema then judges its range); a number may add a decimal fraction (`12.5`). No
// exponent (`1e1`), no plus sign, no hexadecimal, no blank: such text is left as it is, for the schema to refuse as
// not a number. JSON (a body, or `filters` as JSON text) keeps JSON's own types: "5" there is a string, refused.

const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(?:\.\d{1,15})?$/;

/** Query text → a number when written as an integer; anything else as it came. */
export const queryInteger = (raw: unknown): unknown => (typeof raw === 'string' && INTEGER.test(raw) ? Number(raw) : raw);

/** Query text → a number when written as an integer or a decimal fraction; anything else as it came. */
export const queryDecimal = (raw: unknown): unknown => (typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : raw);

/** The rule, as the OpenAPI document states it. */
export const QUERY_NUMBER_RULE =
  'Numbers in a query string are written in decimal: an integer as digits with an optional minus sign (05 reads as 5), a price may add a decimal fraction (12.5). An exponent (1e1), a plus sign or any other form answers 400 VALIDATION_FAILED naming the parameter, on every operation. In JSON (a body, or filters given as JSON text) a number is a JSON number: "5" is a string there, and refused.';

/** An opaque page cursor: base64url of the position's parts joined by `#`. */
export const encodeCursor = (parts: readonly string[]): string => Buffer.from(parts.join('#'), 'utf8').toString('base64url');

/**
 * The parts of a cursor this service issued, as `form` reads them (one group a part, joined by `#`); 400
 * VALIDATION_FAILED naming `cursor` for any other text, including another spelling of the same parts.
 */
export function decodeCursor(cursor: string, form: RegExp): string[] {
  const parts = form.exec(Buffer.from(cursor, 'base64url').toString('utf8'))?.slice(1);
  if (!parts || encodeCursor(parts) !== cursor)
    throw validationFailed([{ path: 'cursor', message: 'is not a cursor this service issued' }]);
  return parts;
}
