// The query string as most operations read it: one string per name, an array where a name repeats.

/** API Gateway's decoded name/value lists → `{ name: value }`, or `{ name: [values] }` for a repeated name. */
export function flatQuery(multiValue: Record<string, string[] | undefined> | null | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, values] of Object.entries(multiValue ?? {})) {
    if (!values || values.length === 0) continue;
    out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}
