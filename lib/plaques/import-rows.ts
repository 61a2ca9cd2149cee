// Reading plaques to import from JSON or CSV text: each row validated on its own and reported by line number.
import { parse as parseCsv } from 'csv-parse/sync';
import * as z from 'zod/mini';
import { fieldErrors } from '#lib/validation.ts';
import {
  ALPHABET_PART,
  CONDITIONS,
  CURRENCIES,
  MARKETPLACE_FILTERS,
  MARKETPLACES,
  NUMBER_PART,
  TOKEN_STANDARD,
  plaqueName,
  type Marketplace,
  type StageValues,
  type StoredPlaque,
} from '#lib/plaques/plaque.ts';

/** The interface's filter names (SERVICE) and the record's lower-case names (service) both name a marketplace. */
const marketplace = z.pipe(
  z.enum([...MARKETPLACE_FILTERS, ...MARKETPLACES], { error: `must be one of ${MARKETPLACE_FILTERS.join(', ')}` }),
  z.transform((value): Marketplace => value.toLowerCase() as Marketplace),
);

/** A plaque as an import file describes it; the service fills in ids, timestamps and state. */
const importRow = z.strictObject({
  alphabetPart: z.string().check(z.regex(ALPHABET_PART, 'must be three capital letters')),
  numberPart: z.string().check(z.regex(NUMBER_PART, 'must be four digits')),
  price: z.number().check(z.minimum(0)),
  currency: z._default(z.enum(CURRENCIES), 'USD'),
  marketplace,
  condition: z.enum(CONDITIONS, { error: `must be one of ${CONDITIONS.join(', ')}` }),
  featured: z._default(z.boolean(), false),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  image: z.optional(z.nullable(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }))),
  building_id: z.optional(z.nullable(z.int().check(z.positive()))),
  mappedPlaqueId: z.optional(z.nullable(z.int().check(z.positive()))),
});
export type ImportRow = z.infer<typeof importRow>;

export interface RowProblem {
  line: number;
  messages: string[];
}

export interface ReadRows {
  rows: { line: number; row: ImportRow }[];
  problems: RowProblem[];
}

/** Start line (1-based) of each top-level element of a JSON array text. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (depth === 1 && expectingElement && c !== ']') {
      lines.push(line);
      expectingElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectingElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectingElement = true;
  }
  return lines;
}

/** CSV cells are text: turn the numeric and boolean columns into JSON types, and blank cells into absent ones. */
function typedCsvRecord(record: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(record)) {
    const value = raw.trim();
    if (value === '') continue;
    if (['price', 'building_id', 'mappedPlaqueId'].includes(name)) out[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    else if (name === 'featured') out[name] = value === 'true' ? true : value === 'false' ? false : value;
    else out[name] = value;
  }
  return out;
}

function validate(records: { line: number; value: unknown }[]): ReadRows {
  const rows: ReadRows['rows'] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of records) {
    const result = importRow.safeParse(value);
    if (!result.success) {
      problems.push({ line, messages: fieldErrors(result.error.issues).map((e) => (e.path ? `${e.path} ${e.message}` : e.message)) });
      continue;
    }
    const name = plaqueName(result.data.alphabetPart, result.data.numberPart);
    const first = seen.get(name);
    if (first !== undefined) {
      problems.push({ line, messages: [`name ${name} repeats line ${first}`] });
      continue;
    }
    seen.set(name, line);
    rows.push({ line, row: result.data });
  }
  return { rows, problems };
}

/** Rows of a JSON array; an empty text holds none (the import refuses a file without rows). */
export function readJsonRows(text: string): ReadRows {
  if (text.trim() === '') return { rows: [], problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { rows: [], problems: [{ line: 1, messages: [`not valid JSON: ${(error as Error).message}`] }] };
  }
  if (!Array.isArray(parsed)) return { rows: [], problems: [{ line: 1, messages: ['expected a JSON array of plaques'] }] };
  const lines = elementLines(text);
  return validate(parsed.map((value, i) => ({ line: lines[i] ?? 1, value })));
}

/**
 * Rows of a CSV text with a header row. A row the parser cannot read (a wrong number of cells, a stray quote) is
 * reported on its line like a row that fails validation, and parsing goes on past it, so every bad row is listed at
 * once, before and after it. (After a stray quote the parser may read the next lines as part of that row.)
 */
export function readCsvRows(text: string): ReadRows {
  const unreadable: RowProblem[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      columns: true,
      skip_empty_lines: true,
      info: true,
      bom: true,
      trim: false,
      skip_records_with_error: true,
      on_skip: (error) => {
        if (error) unreadable.push({ line: Number(error.lines ?? 1), messages: [`not valid CSV: ${error.message}`] });
      },
    }) as never;
  } catch (error) {
    // What the parser cannot go past (a header it cannot read): reported with the rows it reported before.
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], problems: [...unreadable, { line, messages: [`not valid CSV: ${(error as Error).message}`] }] };
  }
  const read = validate(records.map(({ record, info }) => ({ line: info.lines, value: typedCsvRecord(record) })));
  return { rows: read.rows, problems: [...read.problems, ...unreadable].sort((a, b) => a.line - b.line) };
}

/**
 * The stored record of an imported row: AVAILABLE, not minted, featured now when the row says so, on the stage's
 * contract, with the stage's placeholder image when the row names none.
 */
export function toStoredPlaque(row: ImportRow, id: number, now: Date, stage: StageValues): StoredPlaque {
  const at = now.toISOString();
  return {
    id,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    name: plaqueName(row.alphabetPart, row.numberPart),
    alphabetPart: row.alphabetPart,
    numberPart: row.numberPart,
    image: row.image ?? stage.placeholderImage,
    price: row.price,
    currency: row.currency,
    marketplace: row.marketplace,
    tokenId: null,
    mappedPlaqueId: row.mappedPlaqueId ?? null,
    contractAddress: stage.contractAddress,
    featured: row.featured,
    description: row.description ?? '',
    standard: TOKEN_STANDARD,
    metadata: null,
    building_id: row.building_id ?? null,
    wallet_address: null,
    condition: row.condition,
    assignAt: null,
    saleAt: null,
    featuredAt: row.featured ? at : null,
    mintedAt: null,
    status: 'AVAILABLE',
    minted: false,
    lockExpiresAt: null,
    reservationId: null,
  };
}
